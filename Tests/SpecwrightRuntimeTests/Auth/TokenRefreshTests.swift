import Foundation
import SpecwrightRuntime
import Testing

/// The app side of bearer auth in these tests: a stored token, refreshed through the fixture
/// server's `/refresh` endpoint with a second, unauthenticated client.
private final class TokenStore: Sendable {
    private let current: LockedBox<String?>
    private let refreshes = LockedBox(0)

    init(_ token: String?) {
        current = LockedBox(token)
    }

    var token: String? { current.withLock { $0 } }
    var refreshCount: Int { refreshes.withLock { $0 } }

    func set(_ token: String) {
        current.withLock { $0 = token }
    }

    func countRefresh() {
        refreshes.withLock { $0 += 1 }
    }
}

private struct TokenBody: Decodable, Sendable {
    var token: String
}

@Suite("Single-flight token refresh")
struct TokenRefreshTests {
    private func provider(_ store: TokenStore, refreshClient: APIClient?, fail: Bool = false) -> TokenProvider {
        TokenProvider(
            token: { store.token },
            refresh: { _ in
                store.countRefresh()
                guard let refreshClient, !fail else { throw URLError(.userAuthenticationRequired) }
                let body = try await refreshClient.send(TestEndpoint(["refresh"], method: .post), as: TokenBody.self)
                store.set(body.token)
                return body.token
            })
    }

    @Test(.timeLimit(.minutes(1)))
    func hundredConcurrent401sCauseExactlyOneRefreshAndAllSucceed() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = TokenStore("expired")
        let refreshClient = TestSupport.fixtureClient(server, sid: sid)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(store, refreshClient: refreshClient)
        }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 {
                group.addTask { (try? await client.send(TestEndpoint(["auth"]), as: AttemptBody.self)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 100)
        #expect(store.refreshCount == 1)
        #expect(try await server.stats(sid).refreshes == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedRefreshEndsAsSessionExpired() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = TokenStore("expired")
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(store, refreshClient: nil, fail: true)
        }
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["auth"])) }
        guard case .sessionExpired = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func a401AfterTheReplayEndsAsSessionExpiredWithoutALoop() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = TokenStore("expired")
        let refreshClient = TestSupport.fixtureClient(server, sid: sid)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(store, refreshClient: refreshClient)
        }
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["status", "401"]))
        }
        guard case .sessionExpired = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(store.refreshCount == 1)
        let requests = try await server.stats(sid).requests.filter { $0.path.hasSuffix("/status/401") }
        #expect(requests.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer token-1"])
    }

    @Test(.timeLimit(.minutes(1)))
    func theRefreshWindowStopsARefreshStorm() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = TokenStore("expired")
        let refreshClient = TestSupport.fixtureClient(server, sid: sid)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = provider(store, refreshClient: refreshClient)
            $0.refreshWindow = RefreshWindow(maxRefreshes: 2, window: 60)
        }
        for _ in 0..<4 {
            await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["status", "401"])) }
        }
        #expect(store.refreshCount == 2)
    }

    @Test func aRequestSentWithAnOlderTokenIsReplayedWithTheNewOneWithoutASecondRefresh() async throws {
        let refreshes = LockedBox(0)
        let stub = StubTransport { request in
            request.headers.value(for: "Authorization") == "Bearer t1"
                ? HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8)) : HTTPResponse(status: 401)
        }
        // The app forgets to store the refreshed token: every request is first sent with t0.
        let tokens = TokenProvider(
            token: { "t0" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "t1"
            })
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, tokenProvider: tokens, logging: .disabled))
        _ = try await client.send(TestEndpoint(["a"]), as: AttemptBody.self)
        let second = try await client.response(TestEndpoint(["b"]), as: AttemptBody.self)
        #expect(refreshes.withLock { $0 } == 1)
        #expect(second.attempts == 2)
        #expect(
            stub.requests.map { $0.headers.value(for: "Authorization") } == [
                "Bearer t0", "Bearer t1", "Bearer t0", "Bearer t1"
            ])
    }

    @Test func aReplayThatMeetsA503IsRetriedByThePolicy() async throws {
        let calls = LockedBox(0)
        let stub = StubTransport { request in
            let n = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if request.headers.value(for: "Authorization") != "Bearer t1" { return HTTPResponse(status: 401) }
            return n == 2 ? HTTPResponse(status: 503) : HTTPResponse(status: 200, body: Data(#"{"attempt":3}"#.utf8))
        }
        let tokens = TokenProvider(token: { "t0" }, refresh: { _ in "t1" })
        let clock = RecordingClock()
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, tokenProvider: tokens, logging: .disabled, clock: clock)
        )
        let response = try await client.response(TestEndpoint(["a"]), as: AttemptBody.self)
        #expect(response.attempts == 3)
        // The replay is not a retry (docs/runtime.md): only the 503 is.
        #expect(response.metadata.retries.map(\.reason) == ["HTTP 503"])
        #expect(response.metadata.tokenReplays == 1)
        #expect(clock.sleeps.count == 1)
    }

    @Test func endpointsWithoutAuthSendNoCredentialsAndDoNotRefresh() async throws {
        let refreshes = LockedBox(0)
        let stub = StubTransport { _ in HTTPResponse(status: 401) }
        let tokens = TokenProvider(
            token: { "t0" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "t1"
            })
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, tokenProvider: tokens, logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["login"], method: .post, options: EndpointOptions(auth: .none)))
        }
        #expect(error?.status == 401)
        #expect(refreshes.withLock { $0 } == 0)
        #expect(stub.requests.first?.headers.value(for: "Authorization") == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCallerStopsWaitingForTheRefreshWhileOthersGetTheNewToken() async throws {
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: String.self)
        let refreshes = LockedBox(0)
        let stub = StubTransport { request in
            request.headers.value(for: "Authorization") == "Bearer t1"
                ? HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8)) : HTTPResponse(status: 401)
        }
        let tokens = TokenProvider(
            token: { "t0" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                startedContinuation.yield()
                for await token in release { return token }
                throw CancellationError()
            })
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, tokenProvider: tokens, logging: .disabled))
        let cancelled = Task { try await client.send(TestEndpoint(["a"]), as: AttemptBody.self) }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        let patient = Task { try await client.send(TestEndpoint(["b"]), as: AttemptBody.self) }
        cancelled.cancel()
        let cancelledResult = await cancelled.result
        guard case .failure(let error as SpecwrightError) = cancelledResult else {
            Issue.record("expected a SpecwrightError, got \(cancelledResult)")
            return
        }
        #expect(error.isCancellation)
        releaseContinuation.yield("t1")
        #expect(try await patient.value.attempt == 2)
        #expect(refreshes.withLock { $0 } == 1)
    }

    @Test func withoutARefreshClosureA401IsUnauthorized() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 401) }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: TokenProvider(token: { "t" }), logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["a"])) }
        guard case .unauthorized(let failure) = error?.kind else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 401)
    }
}
