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
    /// file but with its `Content-Length`: the server waited for 3 MB until the deadline. The
    /// transport follows such a redirect itself and sends the whole file again.
    @Test(.timeLimit(.minutes(1)), arguments: [307, 308, 301, 302])
    func aRedirectThatKeepsTheMethodSendsTheUploadedFileAgain(status: Int) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("hostile-redirect-upload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("photo.jpg", size: 3_000_000, seed: 5, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let endpoint = redirectedUpload(status: status, sid: sid, server: server, file: file)
        let receipt = try await client.upload(endpoint, as: UploadReceipt.self) { _ in }.value
        #expect(
            receipt
                == UploadReceipt(
                    bytes: 3_000_000, sha256: try await TransferFileUploadTests.sha256(of: file),
                    contentType: "image/jpeg"))
        let requests = try await server.stats(sid).requests
        #expect(requests.map(\.method) == ["PUT", "PUT"])
        #expect(requests.last?.path.contains("/upload-hash") == true)
    }

    /// FoundationNetworking sends the next hop of a 307/308 of an in-memory body as an empty
    /// request (`Content-Length: 0`): the server got a POST without its JSON. The body goes again.
    @Test(.timeLimit(.minutes(1)), arguments: [307, 308])
    func aRedirectThatKeepsTheMethodSendsAnInMemoryBodyAgain(status: Int) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        var query = QueryParameters()
        query.append("to", server.scenarioURL(sid).appendingPathComponent("upload-hash").absoluteString)
        query.append("status", status)
        let body = Data(#"{"title":"moved","pages":12}"#.utf8)
        let endpoint = TestEndpoint(
            ["redirect"], method: .post, query: query, body: .data(body, contentType: "application/json"),
            options: EndpointOptions(timeout: 30))
        let receipt = try await client.send(endpoint, as: UploadReceipt.self)
        #expect(
            receipt == UploadReceipt(bytes: body.count, sha256: SHA256Hex.of(body), contentType: "application/json"))
        #expect(try await server.stats(sid).requests.map(\.method) == ["POST", "POST"])
    }

    /// A body that cannot be sent again (an app's `AsyncStream`) is not: the call fails at once
    /// with the 3xx (its `Location` is the app's), never waits for a body that does not come.
    @Test(.timeLimit(.minutes(1)))
    func aRedirectOfABodyThatCannotBeSentAgainFailsWithItsStatus() async throws {
        struct OneShotBody: CallStage {
            func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
                var context = context
                let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
                continuation.yield(Data("once".utf8))
                continuation.finish()
                context.request.streamedBody = HTTPBody(stream, length: 4)
                return try await next(context)
            }
        }
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none) {
            $0.stages = [OneShotBody()]
        }
        var query = QueryParameters()
        query.append("to", server.scenarioURL(sid).appendingPathComponent("upload-hash").absoluteString)
        query.append("status", 307)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.upload(
                TestEndpoint(["redirect"], method: .put, query: query, options: EndpointOptions(timeout: 30))
            ) { _ in }
        }
        #expect(error?.status == 307, "\(String(describing: error))")
        #expect(try await server.stats(sid).hits == 1)
    }

    /// A redirect loop of a PUT with a body (a 302 keeps its method) ends after the redirect limit
    /// with the last 3xx, each hop sending the body again. The 17 exchanges share one deadline, so
    /// it is generous: at the load of a whole CI run 30 s ran out before the limit was reached.
    @Test(.timeLimit(.minutes(4)))
    func aRedirectLoopOfAnUploadEndsAtTheLimit() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(
                TestEndpoint(
                    ["hostile", "redirect-loop"], method: .put, body: .data(Data("x".utf8), contentType: "text/plain"),
                    options: EndpointOptions(timeout: 180)))
        }
        #expect(error?.status == 302, "\(String(describing: error))")
        #expect(try await server.stats(sid).hits == 17)
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
