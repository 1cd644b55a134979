import Foundation
import Testing
@testable import SpecwrightRuntime

/// A write replayed from the outbox is sent the way its endpoint would have sent it: with the
/// credentials the endpoint asks for (not the service's default) and invalidating what it names.
@Suite("Outbox: replays keep the endpoint's auth and invalidation")
struct OutboxReplayTests {
    private static let token = "service-bearer-token"

    private func write(_ key: String, auth: AuthRequirement, invalidates: [String] = []) -> TestEndpoint {
        TestEndpoint(
            ["outbox"], method: .post, headers: [HTTPHeader("Idempotency-Key", key)], body: .json(["n": 1]),
            options: EndpointOptions(auth: auth, isIdempotent: true, invalidates: invalidates))
    }

    @Test(.timeLimit(.minutes(1)))
    func eachReplayCarriesTheCredentialsItsEndpointAsksFor() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = TokenProvider(token: { Self.token })
            $0.apiKeys = { name in name == "X-Write-Key" ? "write-key" : nil }
        }
        let outbox = try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
        try client.enqueue(write("key-only", auth: .anyOf([[.apiKeyHeader("X-Write-Key")]])), in: outbox)
        try client.enqueue(write("public", auth: .none), in: outbox)
        try client.enqueue(write("inherited", auth: .inherit), in: outbox)

        // A new process: the outbox is reopened from its file.
        let reopened = try Outbox(fileURL: outbox.fileURL)
        let result = try await client.flush(reopened)
        #expect(result.delivered == 3)
        let sent = try await server.stats(sid).requests.filter { $0.path.hasSuffix("/outbox") }
        let byKey = Dictionary(uniqueKeysWithValues: sent.map { ($0.headers["idempotency-key"] ?? "", $0.headers) })
        #expect(byKey["key-only"]?["x-write-key"] == "write-key")
        #expect(byKey["key-only"]?["authorization"] == nil)
        #expect(byKey["public"]?["authorization"] == nil && byKey["public"]?["x-write-key"] == nil)
        #expect(byKey["inherited"]?["authorization"] == "Bearer \(Self.token)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aDeliveredReplayInvalidatesTheOperationsItsEndpointNames() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        var read = TestEndpoint(
            ["cached", "1"], query: DataSupport.cached(cc: "max-age=600", policy: .networkOnly).query,
            options: EndpointOptions(cache: .cacheFirst(ttl: 0)))
        read.operationName = "books.get"
        _ = try await client.response(read, as: CachedBody.self)
        #expect(try await client.response(read, as: CachedBody.self).metadata.cacheStatus == .hit)

        let outbox = try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
        try client.enqueue(write("comment", auth: .inherit, invalidates: ["books.get"]), in: outbox)
        #expect(try await client.flush(outbox).delivered == 1)
        #expect(try await client.response(read, as: CachedBody.self).metadata.cacheStatus == .miss)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test func theStoredAuthRoundTripsAndAnUnknownSchemeIsRefused() throws {
        let requirement = AuthRequirement.anyOf([
            [.bearer], [.apiKeyHeader("X-A"), .apiKeyQuery("k"), .apiKeyCookie("c")], [.basic], []
        ])
        let request = OutboxRequest(
            method: "POST", url: URL(string: "https://h/x")!, auth: requirement, invalidates: ["a.b"])
        let decoded = try JSONDecoder().decode(OutboxRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded == request)
        let none = OutboxRequest(method: "POST", url: URL(string: "https://h/x")!, auth: AuthRequirement.none)
        #expect(
            try JSONDecoder().decode(OutboxRequest.self, from: JSONEncoder().encode(none)).auth == AuthRequirement.none)
        let legacy = Data(#"{"method":"POST","url":"https://h/x","headers":[],"timeout":30}"#.utf8)
        #expect(try JSONDecoder().decode(OutboxRequest.self, from: legacy).auth == nil)
        let unknown = Data(#"{"method":"POST","url":"https://h/x","headers":[],"timeout":30,"auth":[["digest"]]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OutboxRequest.self, from: unknown) }
    }
}
