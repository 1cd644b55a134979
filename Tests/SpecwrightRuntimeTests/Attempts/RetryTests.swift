import Foundation
import SpecwrightRuntime
import Testing

@Suite("Retry against the fixture server")
struct RetryTests {
    private func sequence(_ statuses: String, retryAfter: String? = nil) -> TestEndpoint {
        var query = QueryParameters()
        query.append("statuses", statuses)
        query.append("retry_after", retryAfter)
        return TestEndpoint(["sequence"], query: query)
    }

    @Test(.timeLimit(.minutes(1)))
    func transient503sSucceedOnTheThirdAttemptWithDelaysInsidePolicyBounds() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let policy = RetryPolicy(maxRetries: 3, baseDelay: 0.5, maxDelay: 8)
        let client = TestSupport.fixtureClient(server, sid: sid, retry: policy) { $0.clock = clock }
        let response = try await client.response(sequence("503,503,200"), as: AttemptBody.self)
        #expect(response.value.attempt == 3)
        #expect(response.attempts == 3)
        #expect(response.metadata.retries.map(\.reason) == ["HTTP 503", "HTTP 503"])
        let sleeps = clock.sleeps
        #expect(sleeps.count == 2)
        for (index, delay) in sleeps.enumerated() {
            #expect(delay >= 0 && delay <= policy.backoffCeiling(forRetry: index + 1))
        }
        #expect(try await server.stats(sid).hits == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func retryAfterSecondsIsHonouredWithTheInjectedClock() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.clock = clock }
        let value = try await client.send(sequence("429,200", retryAfter: "2"), as: AttemptBody.self)
        #expect(value.attempt == 2)
        #expect(clock.sleeps == [2])
    }

    @Test(.timeLimit(.minutes(1)))
    func retryAfterIsClampedToTheMaximumDelay() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let client = TestSupport.fixtureClient(
            server, sid: sid, retry: RetryPolicy(maxRetries: 1, baseDelay: 0.1, maxDelay: 3)
        ) {
            $0.clock = clock
        }
        _ = try await client.send(sequence("503,200", retryAfter: "3600"), as: AttemptBody.self)
        #expect(clock.sleeps == [3])
    }

    @Test(.timeLimit(.minutes(1)))
    func retryAfterOneSecondWaitsAtLeastOneSecondWithTheRealClock() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.clock = SystemClock() }
        let start = ContinuousClock.now
        let value = try await client.send(sequence("429,200", retryAfter: "1"), as: AttemptBody.self)
        let elapsed = ContinuousClock.now - start
        #expect(value.attempt == 2)
        #expect(elapsed >= .seconds(1))
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 2)
        if requests.count == 2 { #expect(requests[1].time - requests[0].time >= 1) }
    }

    @Test(.timeLimit(.minutes(1)))
    func plainPostIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var endpoint = sequence("503,200")
        endpoint.method = .post
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(endpoint) }
        #expect(error?.status == 503)
        #expect(error?.attempts == 1)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func idempotentPostIsRetriedWithTheSameIdempotencyKeyOnEveryAttempt() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var endpoint = sequence("503,502,200")
        endpoint.method = .post
        endpoint.options.isIdempotent = true
        endpoint.body = .json(["title": "Dune"])
        let value = try await client.send(endpoint, as: AttemptBody.self)
        #expect(value.attempt == 3)
        let keys = try await server.stats(sid).requests.map { $0.headers["idempotency-key"] }
        #expect(keys.count == 3)
        #expect(Set(keys).count == 1)
        #expect(keys.first.flatMap { $0 }.flatMap(UUID.init(uuidString:)) != nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func notFoundIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["status", "404"]))
        }
        #expect(error?.status == 404)
        #expect(error?.isRetryable == false)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func theRetryBudgetStopsRetriesWhenTheServerAnswers503ToEverything() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        #expect(client.retryBudget?.available == 500)
        let calls = 50
        let attempts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    do {
                        try await client.send(TestEndpoint(["status", "503"]))
                        return 0
                    } catch let error as SpecwrightError {
                        return error.attempts
                    } catch {
                        return -1
                    }
                }
            }
            return await group.reduce(0, +)
        }
        // 500 tokens / 5 per retry = 100 retries for the whole client, not 50 × 3 = 150.
        #expect(client.retryBudget?.available == 0)
        #expect(attempts == calls + 100)
        #expect(try await server.stats(sid).hits == calls + 100)
        try await client.send(TestEndpoint(["sequence"]))
        #expect(client.retryBudget?.available == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledTaskStopsDuringBackoffAndNoFurtherRequestReachesTheServer() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = BlockingClock()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.clock = clock }
        let endpoint = sequence("503,200")
        let task = Task { try await client.send(endpoint, as: AttemptBody.self) }
        var iterator = clock.sleepStarted.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        let result = await task.result
        guard case .failure(let error as SpecwrightError) = result else {
            Issue.record("expected a SpecwrightError, got \(result)")
            return
        }
        #expect(error.isCancellation)
        #expect(error.attempts == 1)
        #expect(try await server.stats(sid).hits == 1)
    }
}
