import Foundation
import Testing
@testable import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A value-type error of the app's.
private struct NoAccountSelected: Error, Equatable {
    var screen: String
}

/// A reference-type error of the app's: identity (`===`) must survive the call.
private final class PinningFailure: Error, Sendable {
    let host: String
    init(host: String) { self.host = host }
}

/// Throws `error` from `adapt` (before anything is sent) or from `inspect` (after the response).
private struct Throwing: Interceptor {
    let error: any Error & Sendable
    var onResponse = false

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        if !onResponse { throw error }
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        if onResponse { throw error }
        return .proceed
    }
}

/// A custom transport: the real one, then an app rule that may throw the app's own error.
private struct CheckingTransport: HTTPTransport {
    let base = URLSessionTransport()
    let check: @Sendable (HTTPResponse) throws -> Void

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        try check(response)
        return response
    }
}

/// Records the metrics events.
private final class EventLog: MetricsObserver {
    let events = Locked<[CallEvent]>([])
    func record(_ event: CallEvent) { events.withLock { $0.append(event) } }
}

/// The boundary rule (#14 item 8, docs/runtime.md "Errors"): errors the runtime makes are
/// `SpecwrightError`; an error the app's own code throws into a call — an interceptor, a token
/// provider, a custom transport — reaches the caller exactly as it was thrown, through every
/// public call method, never offline and never retried unless an interceptor asks. Against the
/// fixture server; hits counted server-side.
@Suite("The app's own errors reach the caller unchanged; the runtime's are SpecwrightError")
struct ErrorBoundaryTests {
    private static let retrying = RetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.05, jitter: .none)

    @Test(.timeLimit(.minutes(1)))
    func aStructAnInterceptorThrowsBeforeSendingReachesTheCallerEqual() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.retrying) {
            $0.interceptors = [Throwing(error: NoAccountSelected(screen: "cart"))]
        }
        do {
            _ = try await client.sendData(TestEndpoint(["status", "200"]))
            Issue.record("expected the app's error")
        } catch let error as NoAccountSelected {
            #expect(error == NoAccountSelected(screen: "cart"))
        }
        #expect(try await server.hits(sid, "status/200") == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aClassInstanceAnInterceptorThrowsOnTheResponseKeepsItsIdentityAndIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = PinningFailure(host: "127.0.0.1")
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.retrying) {
            $0.interceptors = [Throwing(error: thrown, onResponse: true)]
        }
        do {
            _ = try await client.response(TestEndpoint(["status", "503"]))
            Issue.record("expected the app's error")
        } catch let error as PinningFailure {
            #expect(error === thrown)
        }
        // A 503 would be retried; the app's error that ended the first attempt is not.
        #expect(try await server.hits(sid, "status/503") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aTokenProvidersErrorReachesTheCallerUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = PinningFailure(host: "keychain")
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer, retry: Self.retrying) {
            $0.tokenProvider = TokenProvider(token: { throw thrown })
        }
        do {
            _ = try await client.send(TestEndpoint(["auth"]), as: AttemptBody.self)
            Issue.record("expected the provider's error")
        } catch let error as PinningFailure {
            #expect(error === thrown)
        }
        #expect(try await server.hits(sid, "auth") == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCustomTransportsOwnErrorReachesTheCallerUnchangedAndIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let thrown = PinningFailure(host: "127.0.0.1")
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.retrying) {
            $0.transport = CheckingTransport { _ in throw thrown }
        }
        do {
            _ = try await client.dataResponse(TestEndpoint(["status", "200"]))
            Issue.record("expected the transport's error")
        } catch let error as PinningFailure {
            #expect(error === thrown)
        }
        #expect(try await server.hits(sid, "status/200") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyPublicCallMethodGivesTheAppsErrorBackUnchanged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let expected = NoAccountSelected(screen: "all")
        let client = TestSupport.fixtureClient(server, sid: sid, retry: Self.retrying) {
            $0.interceptors = [Throwing(error: expected)]
        }
        let endpoint = TestEndpoint(["status", "200"])
        await #expect(throws: expected) { try await client.send(endpoint) }
        await #expect(throws: expected) { try await client.send(endpoint, as: AttemptBody.self) }
        await #expect(throws: expected) { try await client.sendData(endpoint) }
        await #expect(throws: expected) { try await client.response(endpoint) }
        await #expect(throws: expected) { try await client.response(endpoint, as: AttemptBody.self) }
        await #expect(throws: expected) { try await client.dataResponse(endpoint) }
        await #expect(throws: expected) { try await client.sendData(endpoint, cache: .reload) }
        await #expect(throws: expected) { try await client.stream(endpoint) }
        await #expect(throws: expected) {
            for try await _ in client.observe(endpoint, as: AttemptBody.self) {}
        }
        await #expect(throws: expected) {
            try await client.loadBatch(
                ["a", "b"], options: BatchOptions(size: 1, concurrency: 1), operationName: "test.batch",
                fetch: { (_: [String]) in try await client.response(endpoint, as: [String].self) })
        }
        let partial = await client.loadBatchPartially(
            ["a"], options: BatchOptions(size: 1, concurrency: 1), operationName: "test.batch",
            fetch: { (_: [String]) in try await client.response(endpoint, as: [String].self) })
        #expect(partial.failures["a"] as? NoAccountSelected == expected)
        #expect(try await server.hits(sid, "status/200") == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func theRuntimesOwnErrorsStaySpecwrightErrors() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        // A URLError is a transport's way to say the network failed: offline, retried.
        let unreachable = TestSupport.fixtureClient(server, sid: sid, retry: Self.retrying) {
            $0.transport = CheckingTransport { _ in throw URLError(.cannotConnectToHost) }
        }
        let offline = await #expect(throws: SpecwrightError.self) {
            try await unreachable.sendData(TestEndpoint(["status", "200"]))
        }
        #expect(offline?.isOffline == true && offline?.attempts == 4)
        // Cancellation is the runtime's one category for it, whoever threw it.
        let cancelling = TestSupport.fixtureClient(server, sid: sid) {
            $0.interceptors = [Throwing(error: CancellationError())]
        }
        let cancelled = await #expect(throws: SpecwrightError.self) {
            try await cancelling.sendData(TestEndpoint(["status", "200"]))
        }
        #expect(cancelled?.kind == .cancelled && cancelled?.category == .cancelled)
        // A SpecwrightError the app throws stays one, with the call's context filled in.
        let business = TestSupport.fixtureClient(server, sid: sid) {
            $0.interceptors = [Throwing(error: SpecwrightError(.business(code: 7, message: "closed")))]
        }
        let own = await #expect(throws: SpecwrightError.self) {
            try await business.sendData(TestEndpoint(["status", "200"]))
        }
        #expect(own?.kind == .business(code: 7, message: "closed") && own?.operationName == "test.call")
    }

    @Test(.timeLimit(.minutes(1)))
    func metricsSeeTheAppsErrorAsTheUnderlyingErrorOfATransportCategory() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let log = EventLog()
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.interceptors = [Throwing(error: NoAccountSelected(screen: "metrics"))]
            $0.metrics = [log]
        }
        await #expect(throws: NoAccountSelected(screen: "metrics")) {
            try await client.sendData(TestEndpoint(["status", "200"]))
        }
        let error = try #require(log.events.value.first?.error)
        #expect(error.underlyingError as? NoAccountSelected == NoAccountSelected(screen: "metrics"))
        #expect(error.category == .transport && !error.isOffline)
    }
}
