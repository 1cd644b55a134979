import Foundation
import Testing
@testable import SpecwrightRuntime

/// Retry the app can shape (#14 item 8), against the fixture server with a clock that advances
/// virtual time on every backoff (`RecordingClock`), so counts are exact on a loaded machine.
@Suite("Retry shaped by the app: deadline, long Retry-After, retryable statuses and errors")
struct RetryShapingTests {
    private static func client(_ server: FixtureServer, sid: String, policy: RetryPolicy, clock: RecordingClock)
        -> APIClient
    {
        TestSupport.fixtureClient(server, sid: sid, retry: policy) { $0.clock = clock }
    }

    private static func status(_ code: Int, retryAfter: Int? = nil, retry: RetryPolicy? = nil) -> TestEndpoint {
        var query = QueryParameters()
        query.append("retry_after", retryAfter)
        return TestEndpoint(["status", String(code)], query: query, options: EndpointOptions(retry: retry))
    }

    @Test(.timeLimit(.minutes(1)))
    func aTwoSecondDeadlineStopsARetryLoopAgainstAServerThatAlwaysAnswers503WithRetryAfter1() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let policy = RetryPolicy(maxRetries: 100, baseDelay: 0.1, maxDelay: 8, jitter: .none, deadline: 2)
        let client = Self.client(server, sid: sid, policy: policy, clock: clock)

        let error = await #expect(throws: SpecwrightError.self) {
            try await client.sendData(Self.status(503, retryAfter: 1))
        }
        // Attempt 1 at t = 0, wait 1 s, attempt 2 at t = 1; a second wait would end at t = 2, not before the deadline.
        #expect(error?.status == 503 && error?.attempts == 2)
        #expect(clock.sleeps == [1])
        #expect(try await server.hits(sid, "status") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func eachAttemptsTimeoutIsCutToWhatIsLeftOfTheDeadline() async throws {
        let clock = RecordingClock()
        let seen = Locked<[TimeInterval]>([])
        let stub = StubTransport { request in
            seen.withLock { $0.append(request.timeout) }
            return HTTPResponse(status: 503, headers: ["retry-after": "1.5"], body: Data())
        }
        let policy = RetryPolicy(maxRetries: 5, baseDelay: 0.1, maxDelay: 8, jitter: .none, deadline: 4)
        let service = ServiceDescription(
            name: "Test", baseURL: URL(string: "https://api.example.com")!, timeout: 10, retry: policy)
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: clock))

        await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["x"])) }
        // t = 0: 4 s left of the deadline (< the 10 s timeout); t = 1.5: 2.5 s left; t = 3 would leave 1 s, but a
        // wait that ends at 3 is before the deadline, so a third attempt runs with 1 s.
        #expect(seen.value == [4, 2.5, 1])
        #expect(clock.sleeps == [1.5, 1.5])
    }

    @Test(.timeLimit(.minutes(1)))
    func aRetryAfterLongerThanMaxDelayIsHonouredOnlyWhenThePolicySaysSo() async throws {
        let server = try FixtureServer.shared()
        for honours in [false, true] {
            let sid = FixtureServer.newScenario()
            let clock = RecordingClock()
            let policy = RetryPolicy(
                maxRetries: 1, baseDelay: 0.1, maxDelay: 1, jitter: .none, honoursLongRetryAfter: honours)
            let client = Self.client(server, sid: sid, policy: policy, clock: clock)
            await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.status(503, retryAfter: 5)) }
            #expect(clock.sleeps == [honours ? 5 : 1])
            #expect(try await server.hits(sid, "status") == 2)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func retryableStatusesAreChosenPerClientAndPerEndpoint() async throws {
        let server = try FixtureServer.shared()
        // Per client: 409 is retried, 503 is not.
        let sid = FixtureServer.newScenario()
        let clientPolicy = RetryPolicy(
            maxRetries: 2, baseDelay: 0.1, maxDelay: 1, jitter: .none, retryableStatuses: [409])
        let client = Self.client(server, sid: sid, policy: clientPolicy, clock: RecordingClock())
        await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.status(409)) }
        #expect(try await server.hits(sid, "status/409") == 3)
        await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.status(503)) }
        #expect(try await server.hits(sid, "status/503") == 1)

        // Per endpoint: the endpoint's policy wins over the client's.
        let endpointPolicy = RetryPolicy(
            maxRetries: 1, baseDelay: 0.1, maxDelay: 1, jitter: .none, retryableStatuses: [503])
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(Self.status(503, retry: endpointPolicy))
        }
        #expect(try await server.hits(sid, "status/503") == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func theAppsPolicyForOneOperationWinsOverTheEndpointsAndTheClients() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clientPolicy = RetryPolicy(maxRetries: 1, baseDelay: 0.1, maxDelay: 1, jitter: .none)
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.retryPolicy = clientPolicy
            $0.retryPoliciesByOperation["orders.status"] = RetryPolicy(
                maxRetries: 4, baseDelay: 0.1, maxDelay: 1, jitter: .none)
        }
        var named = Self.status(503, retry: RetryPolicy.none)  // the spec says: never retry
        named.operationName = "orders.status"
        await #expect(throws: SpecwrightError.self) { try await client.sendData(named) }
        #expect(try await server.hits(sid, "status/503") == 5)
        // Other operations keep the endpoint's policy, else the client's.
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(Self.status(503, retry: RetryPolicy.none))
        }
        #expect(try await server.hits(sid, "status/503") == 6)
        await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.status(503)) }
        #expect(try await server.hits(sid, "status/503") == 8)
    }

    @Test(.timeLimit(.minutes(1)))
    func retryableTransportErrorsAreThePolicysChoice() async throws {
        for (codes, expected) in [(Set<URLError.Code>(), 1), ([.cannotConnectToHost], 3)] {
            let calls = Locked(0)
            let stub = StubTransport { _ in
                calls.withLock { $0 += 1 }
                throw URLError(.cannotConnectToHost)
            }
            let policy = RetryPolicy(
                maxRetries: 2, baseDelay: 0.1, maxDelay: 1, jitter: .none, retryableTransportErrors: codes)
            let service = ServiceDescription(
                name: "Test", baseURL: URL(string: "https://api.example.com")!, retry: policy)
            let client = APIClient(
                service: service,
                configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
            await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["x"])) }
            #expect(calls.value == expected)
        }
    }
}
