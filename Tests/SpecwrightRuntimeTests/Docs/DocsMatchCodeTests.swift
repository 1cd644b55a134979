import Foundation
import Testing
@testable import SpecwrightRuntime

/// Behaviour the documentation promises (issue #16 points 8–10).
@Suite("Docs say what the code does")
struct DocsMatchCodeTests {
    private func bearerClient(
        _ stub: StubTransport, refresh: @escaping @Sendable (String?) async throws -> String, session: SessionExpiry
    ) throws -> APIClient {
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: TokenProvider(token: { "t0" }, refresh: refresh), logging: .disabled,
                clock: RecordingClock(), dataLayer: DataLayerConfiguration(session: session)))
    }

    @Test func aFailedTokenRefreshPublishesRefreshFailed() async throws {
        struct RefreshDown: Error {}
        let session = SessionExpiry()
        let received = Locked<[SessionExpiryReason]>([])
        session.onExpired { event in received.withLock { $0.append(event.reason) } }
        let client = try bearerClient(
            StubTransport { _ in HTTPResponse(status: 401) }, refresh: { _ in throw RefreshDown() }, session: session)
        await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["a"])) }
        #expect(received.value == [.refreshFailed])
    }

    @Test func aRejectedRefreshedTokenPublishesRefreshFailed() async throws {
        let session = SessionExpiry()
        let received = Locked<[SessionExpiryReason]>([])
        session.onExpired { event in received.withLock { $0.append(event.reason) } }
        let client = try bearerClient(
            StubTransport { _ in HTTPResponse(status: 401) }, refresh: { _ in "t1" }, session: session)
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["a"])) }
        guard case .sessionExpired = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(received.value == [.refreshFailed])
    }

    @Test func aTokenReplayIsNotARetryInTheMetadataOrTheMetrics() async throws {
        let metrics = MetricsAggregator()
        let stub = StubTransport { request in
            request.headers.value(for: "Authorization") == "Bearer t1"
                ? HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8)) : HTTPResponse(status: 401)
        }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: TokenProvider(token: { "t0" }, refresh: { _ in "t1" }),
                logging: .disabled,
                metrics: [metrics], clock: RecordingClock()))
        let response = try await client.response(TestEndpoint(["a"]), as: AttemptBody.self)
        #expect(response.attempts == 2)
        #expect(response.metadata.retries.isEmpty)
        #expect(response.metadata.tokenReplays == 1)
        let total = metrics.snapshot().total
        #expect(total.retries == 0 && total.retriesByReason.isEmpty)
        #expect(total.tokenReplays == 1 && total.attempts == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func cacheFirstLetsTheServersLifetimeWinOverTheTTL() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        // The server says max-age=0: a ttl of an hour does not make the copy fresh.
        let endpoint = DataSupport.cached(cc: "max-age=0", policy: .cacheFirst(ttl: 3_600))
        let first = try await client.response(endpoint, as: CachedBody.self)
        let second = try await client.response(endpoint, as: CachedBody.self)
        #expect(first.metadata.cacheStatus == .miss && second.metadata.cacheStatus == .miss)
        #expect(second.value.hit == 2)
        #expect(try await server.hits(sid, "cached") == 2)
    }
}
