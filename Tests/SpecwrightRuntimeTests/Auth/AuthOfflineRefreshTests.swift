import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A credential refresh that cannot reach its server (the device is offline, the auth server is
/// down) must not log the user out: the session and the credentials stay, the call fails with the
/// network's error and is retried per its policy. Only a refresh the server or provider rejects
/// ends the session.
@Suite("Credential refresh while offline")
struct AuthOfflineRefreshTests {
    /// A token store whose refresh goes through `online` while it is set, else through a client of
    /// a port where nothing listens (a refused connection, as when the auth server is unreachable).
    final class Store: Sendable {
        let token = LockedBox("expired")
        let refreshes = LockedBox(0)
        let isOnline = LockedBox(false)
        let online: APIClient
        let offline: APIClient

        init(online: APIClient) throws {
            self.online = online
            offline = APIClient(
                service: TestSupport.service(try #require(URL(string: "http://127.0.0.1:1")), retry: .none),
                configuration: ClientConfiguration(logging: .disabled, clock: RecordingClock()))
        }

        private struct Issued: Decodable { var token: String }

        var provider: TokenProvider {
            TokenProvider(
                token: { self.token.withLock { $0 } },
                refresh: { _ in
                    self.refreshes.withLock { $0 += 1 }
                    let client = self.isOnline.withLock { $0 } ? self.online : self.offline
                    let issued = try await client.send(TestEndpoint(["refresh"], method: .post), as: Issued.self)
                    self.token.withLock { $0 = issued.token }
                    return issued.token
                })
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefreshThatCannotReachItsServerKeepsTheSessionAndIsRetriedPerThePolicy() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = try Store(online: TestSupport.fixtureClient(server, sid: sid))
        let session = SessionExpiry()
        let retry = RetryPolicy(maxRetries: 2, baseDelay: 0.5, maxDelay: 8, jitter: .none)
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer, retry: retry) {
            $0.tokenProvider = store.provider
            $0.dataLayer = DataLayerConfiguration(session: session)
            // Fewer refreshes than the offline attempts below: refused refreshes do not count.
            $0.refreshWindow = RefreshWindow(maxRefreshes: 2, window: 600)
        }
        for _ in 0..<2 {
            let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["auth"])) }
            #expect(error?.isOffline == true, "got \(String(describing: error))")
            #expect(error?.category == .offline)
            guard case .transport(let urlError)? = error?.kind else {
                Issue.record("expected the refresh's transport error, got \(String(describing: error))")
                return
            }
            #expect(urlError.code == .cannotConnectToHost)
            #expect(error?.underlyingError != nil)
            #expect(error?.attempts == 3)
        }
        #expect(store.refreshes.withLock { $0 } == 6)  // one per attempt: 2 calls × (1 + 2 retries)
        #expect(session.publishedCount == 0)
        #expect(!session.isExpired)
        #expect(store.token.withLock { $0 } == "expired")  // the credentials are kept

        // Back online: the same session goes on.
        store.isOnline.withLock { $0 = true }
        let body = try await client.send(TestEndpoint(["auth"]), as: AttemptBody.self)
        #expect(body.attempt == 9)  // 6 refused attempts, then a 401, the refresh and the replay
        #expect(store.token.withLock { $0 } == "token-1")
        #expect(session.publishedCount == 0)
    }

    struct KeychainLocked: Error {}

    /// Errors a refresh closure may throw, and whether they keep the session.
    static let refreshErrors: [(name: String, error: any Error & Sendable, keepsSession: Bool)] = [
        ("not connected", URLError(.notConnectedToInternet), true),
        ("timed out", URLError(.timedOut), true),
        ("connection lost", URLError(.networkConnectionLost), true),
        ("cannot connect", URLError(.cannotConnectToHost), true),
        ("DNS", URLError(.cannotFindHost), true),
        ("TLS", URLError(.secureConnectionFailed), true),
        (
            "NSError in NSURLErrorDomain",
            NSError(domain: NSURLErrorDomain, code: URLError.notConnectedToInternet.rawValue), true
        ),
        ("another client offline", SpecwrightError(.transport(URLError(.notConnectedToInternet))), true),
        ("another client timed out", SpecwrightError(.timeout), true),
        ("auth server 503", SpecwrightError(.httpStatus(.init(status: 503, headers: [:], body: Data()))), true),
        ("auth required", URLError(.userAuthenticationRequired), false),
        ("invalid grant 400", SpecwrightError(.httpStatus(.init(status: 400, headers: [:], body: Data()))), false),
        ("refresh token 401", SpecwrightError(.unauthorized(.init(status: 401, headers: [:], body: Data()))), false),
        ("app's own error", KeychainLocked(), false)
    ]

    @Test(arguments: 0..<refreshErrors.count)
    func onlyARefreshTheServerRejectsEndsTheSession(index: Int) async throws {
        let (name, thrown, keepsSession) = Self.refreshErrors[index]
        let stub = StubTransport { _ in HTTPResponse(status: 401) }
        let session = SessionExpiry()
        let tokens = TokenProvider(token: { "t0" }, refresh: { _ in throw thrown })
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: tokens, logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(session: session)))
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["a"])) }
        let ended: Bool
        if case .sessionExpired = error?.kind { ended = true } else { ended = false }
        #expect(ended == !keepsSession, "\(name): \(String(describing: error))")
        #expect(session.publishedCount == (keepsSession ? 0 : 1), "\(name)")
        if keepsSession {
            #expect(error?.underlyingError != nil || error?.status == 503 || error?.kind == .cancelled, "\(name)")
        }
    }

    @Test func aProactiveRefreshThatCannotReachItsServerSendsTheCurrentTokenAndTheServerDecides() async throws {
        let stub = StubTransport { request in
            request.headers.value(for: "Authorization") == "Bearer t0"
                ? HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8)) : HTTPResponse(status: 401)
        }
        let session = SessionExpiry()
        let tokens = TokenProvider(
            token: { "t0" }, refresh: { _ in throw URLError(.notConnectedToInternet) },
            expiration: { _ in Date(timeIntervalSince1970: 0) })
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: tokens, logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(session: session)))
        let body = try await client.send(TestEndpoint(["a"]), as: AttemptBody.self)
        #expect(body.attempt == 1)
        #expect(session.publishedCount == 0)
    }
}
