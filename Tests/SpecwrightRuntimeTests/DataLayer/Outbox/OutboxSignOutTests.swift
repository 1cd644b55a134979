import Foundation
import Testing
@testable import SpecwrightRuntime

/// User A's writes waiting in the outbox must never reach the server with user B's credentials:
/// `signOut()` discards them (the decision documented in docs/runtime-data.md, "Outbox"), and a
/// write already being delivered keeps the credentials it started with.
@Suite("Outbox: a signed-out user's writes")
struct OutboxSignOutTests {
    private func write(_ key: String) -> TestEndpoint {
        TestEndpoint(
            ["outbox"], method: .post, headers: [HTTPHeader("Idempotency-Key", key)], body: .json(["n": 1]),
            options: EndpointOptions(isIdempotent: true))
    }

    @Test(.timeLimit(.minutes(1)))
    func writesQueuedByAUserWhoSignsOutAreNeverSentWithTheNextUsersToken() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = LockedBox("token-of-alice")
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = TokenProvider(token: { token.withLock { $0 } })
        }
        let outbox = try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
        try client.enqueue(write("alice-1"), in: outbox)  // offline: not flushed yet
        try client.enqueue(write("alice-2"), in: outbox)

        await client.signOut()
        token.withLock { $0 = "token-of-bob" }
        try client.enqueue(write("bob-1"), in: outbox)
        let result = try await client.flush(outbox)

        #expect(result.delivered == 1)
        #expect(try outbox.pending().isEmpty && outbox.failed().isEmpty)
        let sent = try await server.stats(sid).requests.filter { $0.path.hasSuffix("/outbox") }
        #expect(sent.map { $0.headers["idempotency-key"] } == ["bob-1"])
        #expect(sent.allSatisfy { $0.headers["authorization"] == "Bearer token-of-bob" })
    }

    @Test(.timeLimit(.minutes(1)))
    func aWriteRetriedAfterASignOutKeepsTheCredentialsItStartedWith() async throws {
        let token = LockedBox("token-of-alice")
        let attempts = LockedBox<[String?]>([])
        let stub = StubTransport { request in
            let count = attempts.withLock { sent in
                sent.append(request.headers.value(for: "Authorization"))
                return sent.count
            }
            // The user signs out while the first attempt is on its way; that attempt fails with 503.
            if count == 1 {
                token.withLock { $0 = "token-of-bob" }
                return HTTPResponse(status: 503)
            }
            return HTTPResponse(status: 201)
        }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: TokenProvider(token: { token.withLock { $0 } }), logging: .disabled,
                clock: RecordingClock()))
        let outbox = try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
        try client.enqueue(write("alice-1"), in: outbox)
        #expect(try await client.flush(outbox).delivered == 1)
        #expect(attempts.withLock { $0 } == ["Bearer token-of-alice", "Bearer token-of-alice"])
    }
}
