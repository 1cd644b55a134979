import Foundation
import Testing
@testable import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An error of the app's that its interceptors throw and understand.
private enum StoreError: Error, Equatable {
    case maintenance
    case noAccount
}

/// Vetoes or asks for retries by status, and retries its own `StoreError.maintenance`.
private struct StoreRetrier: Interceptor {
    var veto: Set<Int> = []
    var request: Set<Int> = []
    let journal: Locked<[String]>

    func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
        -> RetryDecision
    {
        journal.withLock {
            $0.append("\(context.call.operationName) attempt \(context.attempt): \(error.kindDescription)")
        }
        if error.underlyingError as? StoreError == .maintenance { return .retry(after: 0.5) }
        guard let status = error.status else { return .useDefault }
        if veto.contains(status) { return .doNotRetry }
        return self.request.contains(status) ? .retry(after: nil) : .useDefault
    }
}

/// Throws `StoreError.maintenance` for a 503 whose body says so (the app's own reading of it).
private struct MaintenanceReader: Interceptor {
    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        if response.status == 503 { throw StoreError.maintenance }
        return .proceed
    }
}

/// An interceptor can veto or ask for a retry for an error it understands, and the app's errors
/// keep their identity (#14 item 8). Against the fixture server, hits counted server-side.
@Suite("Retry decided by interceptors; the app's errors keep their identity")
struct RetryDecisionTests {
    private static let policy = RetryPolicy(maxRetries: 3, baseDelay: 0.1, maxDelay: 1, jitter: .none)

    private static func sequence(_ statuses: String, method: HTTPMethod = .get) -> TestEndpoint {
        var query = QueryParameters()
        query.append("statuses", statuses)
        return TestEndpoint(["sequence"], method: method, query: query)
    }

    @Test(.timeLimit(.minutes(1)))
    func aVetoStopsTheRetryOfARetryableStatus() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let journal = Locked<[String]>([])
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [StoreRetrier(veto: [503], journal: journal)]
        }
        let error = await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.sequence("503,200")) }
        #expect(error?.status == 503)
        #expect(error?.attempts == 1)
        #expect(try await server.hits(sid, "sequence") == 1)
        #expect(journal.value == ["test.call attempt 1: HTTP 503"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aRequestedRetryRetriesAStatusThePolicyDoesNotRetry() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let journal = Locked<[String]>([])
        let clock = RecordingClock()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [StoreRetrier(request: [409], journal: journal)]
            $0.clock = clock
        }
        let response = try await client.response(Self.sequence("409,409,200"), as: AttemptBody.self)
        #expect(response.value.attempt == 3)
        #expect(response.metadata.retries.map(\.reason) == ["interceptor", "interceptor"])
        #expect(clock.sleeps == [0.1, 0.2])
        #expect(try await server.hits(sid, "sequence") == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRequestedRetryIsStillBoundedByMaxRetries() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [StoreRetrier(request: [409], journal: Locked([]))]
        }
        let error = await #expect(throws: SpecwrightError.self) { try await client.sendData(Self.sequence("409")) }
        #expect(error?.status == 409 && error?.attempts == 4)
        #expect(try await server.hits(sid, "sequence") == 4)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRequestedRetryRetriesAPostThePolicyWouldNot() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [StoreRetrier(request: [409], journal: Locked([]))]
        }
        var endpoint = Self.sequence("409,200", method: .post)
        endpoint.body = .json(["title": "Dune"])
        let value = try await client.send(endpoint, as: AttemptBody.self)
        #expect(value.attempt == 2)
        #expect(try await server.hits(sid, "sequence") == 2)
        // A 503 the interceptor does not ask about is not retried: POST is not idempotent.
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(TestEndpoint(["status", "503"], method: .post))
        }
        #expect(try await server.hits(sid, "status/503") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anAppErrorAnInterceptorUnderstandsIsRetriedAndOtherwiseReachesTheCallerUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [MaintenanceReader(), StoreRetrier(journal: Locked([]))]
            $0.clock = clock
        }
        // 503 → maintenance (thrown by inspect) → the retrier asks for a retry after 0.5 s.
        let value = try await client.send(Self.sequence("503,200"), as: AttemptBody.self)
        #expect(value.attempt == 2)
        #expect(clock.sleeps == [0.5])

        // Without the retrier the error is not retried and reaches the caller as it was thrown.
        let plain = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [MaintenanceReader()]
        }
        do {
            _ = try await plain.sendData(TestEndpoint(["status", "503"]))
            Issue.record("expected an error")
        } catch {
            #expect(error as? StoreError == .maintenance)
        }
        #expect(try await server.hits(sid, "status/503") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anErrorARetrierThrowsEndsTheCallWithIt() async throws {
        struct SignInFirst: Interceptor {
            func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
                -> RetryDecision
            {
                throw StoreError.noAccount
            }
        }
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.policy) {
            $0.interceptors = [SignInFirst()]
        }
        await #expect(throws: StoreError.noAccount) { try await client.sendData(Self.sequence("503,200")) }
        #expect(try await server.hits(sid, "sequence") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aVetoStopsTheRetryOfARetryableTransportError() async throws {
        struct NoRetryWhenUnreachable: Interceptor {
            func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
                -> RetryDecision
            {
                error.isOffline ? .doNotRetry : .useDefault
            }
        }
        let calls = Locked(0)
        let stub = StubTransport { _ in
            calls.withLock { $0 += 1 }
            throw URLError(.cannotConnectToHost)
        }
        let service = ServiceDescription(
            name: "Test", baseURL: URL(string: "https://api.example.com")!, retry: Self.policy)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: stub, interceptors: [NoRetryWhenUnreachable()], logging: .disabled, clock: RecordingClock()))
        let error = await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["x"])) }
        #expect(error?.isOffline == true)
        #expect(calls.value == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func theRetryableMethodsAreThePolicysChoicePerClientAndPerEndpoint() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        // Per client: POST is retried, DELETE is not.
        var clientPolicy = Self.policy
        clientPolicy.retryableMethods = [.get, .post]
        let client = TestSupport.fixtureClient(server, sid: sid, retry: clientPolicy)
        let value = try await client.send(Self.sequence("503,200", method: .post), as: AttemptBody.self)
        #expect(value.attempt == 2)
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(TestEndpoint(["status", "503"], method: .delete))
        }
        #expect(try await server.hits(sid, "status/503") == 1)

        // Per endpoint: the endpoint's policy wins; an endpoint marked idempotent is retried whatever the methods.
        var endpointPolicy = Self.policy
        endpointPolicy.retryableMethods = [.delete]
        endpointPolicy.maxRetries = 1
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(
                TestEndpoint(["status", "503"], method: .delete, options: EndpointOptions(retry: endpointPolicy)))
        }
        #expect(try await server.hits(sid, "status/503") == 3)
        endpointPolicy.retryableMethods = []
        await #expect(throws: SpecwrightError.self) {
            try await client.sendData(
                TestEndpoint(
                    ["status", "503"], method: .patch,
                    options: EndpointOptions(retry: endpointPolicy, isIdempotent: true)))
        }
        #expect(try await server.hits(sid, "status/503") == 5)
    }
}
