import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19 point 6: cancelling the calling task ends the call at once wherever it waits — in
/// flight, during backoff, behind the config gate, behind a token refresh — as one error category
/// (`.cancelled`), without a retry and without spending the retry budget.
@Suite("Transfers: cancellation everywhere")
struct TransferCancellationTests {
    /// The error a cancelled `task` ended with.
    private func cancellation(of task: Task<Void, any Error>) async -> SpecwrightError? {
        task.cancel()
        guard case .failure(let error as SpecwrightError) = await task.result else { return nil }
        return error
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingDuringBackoffDoesNotSpendTheRetryBudget() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = BlockingClock()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.clock = clock }
        let full = try #require(client.retryBudget?.available)
        var query = QueryParameters()
        query.append("statuses", "503,200")
        let task = Task { try await client.send(TestEndpoint(["sequence"], query: query)) }
        var backoff = clock.sleepStarted.makeAsyncIterator()
        _ = await backoff.next()
        let error = await cancellation(of: task)
        #expect(error?.isCancellation == true, "\(String(describing: error))")
        #expect(client.retryBudget?.available == full)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingACallThatWaitsForTheConfigGateIsACancellation() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var query = QueryParameters()
        query.append("delay", 60)
        let gate = ConfigGate(endpoint: TestEndpoint(["slow"], query: query))
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.dataLayer = DataLayerConfiguration(gate: gate) }
        let task = Task { try await client.send(TestEndpoint(["status", "200"])) }
        while try await server.stats(sid).hits == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        let error = await cancellation(of: task)
        #expect(error?.isCancellation == true, "\(String(describing: error))")
        #expect(!gate.isOpen)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingACallThatWaitsForATokenRefreshIsACancellation() async throws {
        let refreshing = AsyncStream<Void>.makeStream()
        let tokens = TokenProvider(
            token: { "expired" },
            refresh: { _ in
                refreshing.continuation.yield()
                try await Task.sleep(nanoseconds: 60 * 1_000_000_000)
                return "fresh"
            })
        let stub = StubTransport { _ in HTTPResponse(status: 401) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: tokens, logging: .disabled, clock: RecordingClock()))
        let task = Task { try await client.send(TestEndpoint(["me"])) }
        var started = refreshing.stream.makeAsyncIterator()
        _ = await started.next()
        let error = await cancellation(of: task)
        #expect(error?.isCancellation == true, "\(String(describing: error))")
        #expect(stub.requests.count == 1)
        #expect(client.retryBudget?.available == RetryBudget.Configuration.default.capacity)
    }
}
