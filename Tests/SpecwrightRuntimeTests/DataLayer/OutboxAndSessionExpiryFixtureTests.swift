import Foundation
import Testing
@testable import SpecwrightRuntime

private struct RefreshRejected: Error {}

@Suite("Session expiry from refresh, outbox through the client")
struct OutboxAndSessionExpiryFixtureTests {
    @Test(.timeLimit(.minutes(1)))
    func twentyRequestsWhoseTokenRefreshFailsPublishOneSessionExpiredEvent() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let session = SessionExpiry()
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        let tokens = TokenProvider(token: { "stale" }, refresh: { _ in throw RefreshRejected() })
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: tokens, logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(session: session)))
        let categories = await withTaskGroup(of: SpecwrightError.Category?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await client.sendData(TestEndpoint(["auth"]))
                        return nil
                    } catch {
                        return (error as? SpecwrightError)?.category
                    }
                }
            }
            return await group.reduce(into: [SpecwrightError.Category?]()) { $0.append($1) }
        }
        #expect(categories == Array(repeating: .sessionExpired, count: 20))
        #expect(session.publishedCount == 1)
        session.didLogIn()
        await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["auth"])) }
        #expect(session.publishedCount == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFlushThroughTheClientDeadLettersA422AndStopsAtA503() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration())
        let outbox = try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
        func write(_ path: [String], key: String) -> TestEndpoint {
            TestEndpoint(
                path, method: .post, headers: [HTTPHeader("Idempotency-Key", key)], body: .json(["n": 1]),
                options: EndpointOptions(isIdempotent: true))
        }
        try client.enqueue(write(["outbox"], key: "first"), in: outbox)
        try client.enqueue(write(["status", "422"], key: "invalid"), in: outbox)
        try client.enqueue(write(["outbox"], key: "second"), in: outbox)
        try client.enqueue(write(["status", "503"], key: "unavailable"), in: outbox)
        try client.enqueue(write(["outbox"], key: "third"), in: outbox)

        let result = try await client.flush(outbox)
        #expect(result.delivered == 2 && result.deadLettered == 1 && result.remaining == 2)
        #expect(try await server.dataStats(sid).outboxKeys == ["first", "second"])
        let failed = try outbox.failed()
        #expect(failed.map(\.idempotencyKey) == ["invalid"])
        #expect(failed.first?.failedStatus == 422)
        #expect(try outbox.pending().map(\.idempotencyKey) == ["unavailable", "third"])
        let sent = try await server.stats(sid).requests.filter { $0.path.contains("/status/") }
        #expect(sent.map { $0.headers["idempotency-key"] } == ["invalid", "unavailable"])
    }
}
