import Foundation
import SpecwrightRuntime
import Testing

/// Redirects a hostile server sends, beyond `SecurityRedirectTests`: an API key in the query or in
/// a cookie never reaches another origin, a `Set-Cookie` on a redirect is never sent back (the
/// runtime keeps no cookie jar), and a redirect of an upload from a file never waits for a body
/// FoundationNetworking would not send.
@Suite("Security: a hostile server's redirects")
struct HostileRedirectTests {
    private func redirect(to target: URL, status: Int = 302, cookie: String? = nil) -> TestEndpoint {
        var query = QueryParameters()
        query.append("to", target.absoluteString)
        query.append("status", status)
        query.append("cookie", cookie)
        return TestEndpoint(["redirect"], query: query, options: EndpointOptions(timeout: 30))
    }

    @Test(.timeLimit(.minutes(1)), arguments: [AuthScheme.apiKeyQuery("api_key"), .apiKeyCookie("session_key")])
    func anAPIKeyInTheQueryOrACookieNeverReachesAnotherOrigin(scheme: AuthScheme) async throws {
        let origin = try FixtureServer.shared()
        let other = try FixtureServer(lifetime: 60)
        defer { other.stop() }
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(origin, sid: sid, auth: scheme, retry: RetryPolicy.none) {
            $0.apiKeyProvider = { "key-789" }
            $0.transferLimits.redirects = .follow
        }
        try await client.send(redirect(to: other.scenarioURL(sid).appendingPathComponent("echo")))
        let first = try #require(try await origin.stats(sid).requests.first)
        #expect(first.path.contains("key-789") || first.headers["cookie"]?.contains("key-789") == true)
        let reached = try await other.stats(sid).requests
        #expect(reached.count == 1)
        #expect(reached.allSatisfy { !$0.path.contains("key-789") && $0.headers["cookie"] == nil })
        #expect(reached.allSatisfy { !$0.headers.values.contains { $0.contains("key-789") } })
    }

    @Test(.timeLimit(.minutes(1)))
    func aCookieSetByARedirectIsNeverSentBack() async throws {
        let origin = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(origin, sid: sid, retry: RetryPolicy.none)
        let target = origin.scenarioURL(sid).appendingPathComponent("echo")
        try await client.send(redirect(to: target, cookie: "tracker=hostile; Path=/"))
        try await client.send(TestEndpoint(["echo"]))
        let requests = try await origin.stats(sid).requests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.headers["cookie"] == nil })
    }

    /// An upload from `file` (PUT, 3 MB) to `/redirect?status=status` pointing at `/upload-hash`.
    private func redirectedUpload(status: Int, sid: String, server: FixtureServer, file: URL) -> TestEndpoint {
        var query = QueryParameters()
        query.append("to", server.scenarioURL(sid).appendingPathComponent("upload-hash").absoluteString)
        query.append("status", status)
        return TestEndpoint(
            ["redirect"], method: .put, query: query, body: .file(FilePart(fileURL: file, contentType: "image/jpeg")),
            options: EndpointOptions(timeout: 60))
    }

    /// FoundationNetworking sends the next hop of a redirect that keeps the method without the
    /// file but with its `Content-Length`: the server waited for 3 MB until the deadline. Such a
    /// redirect is not followed; the call fails at once with the 3xx (its `Location` is the app's).
    @Test(.timeLimit(.minutes(1)), arguments: [307, 308, 301, 302])
    func aRedirectThatMustSendAnUploadedFileAgainFailsWithItsStatus(status: Int) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("hostile-redirect-upload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("photo.jpg", size: 3_000_000, seed: 5, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.upload(redirectedUpload(status: status, sid: sid, server: server, file: file)) { _ in }
        }
        #expect(error?.status == status, "\(String(describing: error))")
        #expect(try await server.stats(sid).hits == 1)
    }

    /// A 303 turns the upload into a GET: it goes without the file's framing fields (before, it
    /// promised 3 MB that never came).
    @Test(.timeLimit(.minutes(1)))
    func aSeeOtherAfterAnUploadIsAGetWithoutABody() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("hostile-redirect-upload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("photo.jpg", size: 3_000_000, seed: 5, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let endpoint = redirectedUpload(status: 303, sid: sid, server: server, file: file)
        let receipt = try await client.upload(endpoint, as: UploadReceipt.self) { _ in }.value
        #expect(receipt.bytes == 0)
        let requests = try await server.stats(sid).requests
        #expect(requests.map(\.method) == ["PUT", "GET"])
        #expect(requests.last?.headers["content-length"] == nil)
    }
}
