import Foundation
import SpecwrightRuntime
import Testing

/// The app's token store in these tests: a token, how many refreshes were asked for, and a
/// refresh through the fixture server's `/refresh` (or a failing / bogus one).
final class RefreshingTokenStore: Sendable {
    enum Refresh: Sendable { case server(APIClient), failing, bogus }

    private let current: LockedBox<String?>
    private let refreshes = LockedBox(0)
    let refresh: Refresh

    init(_ token: String?, refresh: Refresh) {
        current = LockedBox(token)
        self.refresh = refresh
    }

    var token: String? { current.withLock { $0 } }
    var refreshCount: Int { refreshes.withLock { $0 } }

    /// A `TokenProvider` over this store; `expiration` reports each token's expiry.
    func provider(expiration: (@Sendable (String) -> Date?)? = nil) -> TokenProvider {
        TokenProvider(
            token: { self.token },
            refresh: { _ in try await self.renew() },
            expiration: expiration)
    }

    private struct Issued: Decodable { var token: String }

    private func renew() async throws -> String {
        refreshes.withLock { $0 += 1 }
        let token: String
        switch refresh {
        case .server(let client):
            token = try await client.send(TestEndpoint(["refresh"], method: .post), as: Issued.self).token
        case .failing: throw URLError(.userAuthenticationRequired)
        case .bogus: token = "never-issued"
        }
        current.withLock { $0 = token }
        return token
    }
}

/// What triggers a credential refresh besides a plain 401: an envelope code the spec names
/// (`EnvelopeFormat.tokenExpiredCodes`) and a token the provider reports as expiring (proactive).
@Suite("Credential refresh triggers")
struct AuthRefreshTriggerTests {
    static let envelope = EnvelopeFormat(
        codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [1001],
        tokenExpiredCodes: [1002])

    private func client(
        _ server: FixtureServer, _ sid: String, store: RefreshingTokenStore, enveloped: Bool = true,
        session: SessionExpiry = SessionExpiry(),
        expiration: (@Sendable (String) -> Date?)? = nil
    ) -> APIClient {
        var service = TestSupport.service(server.scenarioURL(sid), auth: .bearer)
        service.envelope = enveloped ? Self.envelope : nil
        var configuration = ClientConfiguration(
            tokenProvider: store.provider(expiration: expiration), logging: .disabled, clock: RecordingClock())
        configuration.dataLayer.session = session
        return APIClient(service: service, configuration: configuration)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEnvelopeTokenExpiredCodeCausesOneRefreshForFiftyConcurrentCallsAndAllSucceed() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = RefreshingTokenStore("expired", refresh: .server(TestSupport.fixtureClient(server, sid: sid)))
        let client = client(server, sid, store: store)
        let attempts = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try? await client.response(TestEndpoint(["auth-envelope"]), as: AttemptBody.self).attempts
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(attempts.compactMap { $0 }.count == 50)
        #expect(attempts.allSatisfy { ($0 ?? 3) <= 2 })  // at most the rejected attempt and one replay
        #expect(store.refreshCount == 1)
        let stats = try await server.stats(sid)
        #expect(stats.refreshes == 1)
        #expect(stats.rejections >= 1 && stats.rejections <= 50)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRejectedReplayEndsAsSessionExpiredOnceWithoutALoop() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = RefreshingTokenStore("expired", refresh: .bogus)
        let session = SessionExpiry()
        let client = client(server, sid, store: store, session: session)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["auth-envelope"]))
        }
        guard case .sessionExpired(let reason) = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("business code 1002"))
        #expect(store.refreshCount == 1)
        #expect(session.publishedCount == 1)
        let requests = try await server.stats(sid).requests.filter { $0.path.hasSuffix("/auth-envelope") }
        #expect(requests.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer never-issued"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedRefreshSurfacesOneClearErrorAndSendsNothingMore() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = RefreshingTokenStore("expired", refresh: .failing)
        let session = SessionExpiry()
        let client = client(server, sid, store: store, session: session)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["auth-envelope"]))
        }
        guard case .sessionExpired(let reason) = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refresh failed"))
        #expect(store.refreshCount == 1)
        #expect(session.publishedCount == 1)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrentCallsWhoseRefreshFailsEachFailOnceWithoutResending() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = RefreshingTokenStore("expired", refresh: .failing)
        let client = client(server, sid, store: store)
        let kinds = await withTaskGroup(of: SpecwrightError.Kind?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        try await client.send(TestEndpoint(["auth"]))
                        return nil
                    } catch let error as SpecwrightError {
                        return error.kind
                    } catch {
                        return nil
                    }
                }
            }
            return await group.reduce(into: [SpecwrightError.Kind?]()) { $0.append($1) }
        }
        #expect(kinds.count == 20)
        #expect(kinds.allSatisfy { if case .sessionExpired = $0 { true } else { false } })
        // Each call sent its request once: a failed refresh is never followed by a replay.
        #expect(try await server.stats(sid).hits == 20)
        #expect(store.refreshCount >= 1 && store.refreshCount <= RefreshWindow.default.maxRefreshes)
    }

    @Test(.timeLimit(.minutes(1)))
    func aTokenAboutToExpireIsRefreshedBeforeItIsSentWithZeroRejections() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let now = RecordingClock().currentDate()
        let store = RefreshingTokenStore("expiring", refresh: .server(TestSupport.fixtureClient(server, sid: sid)))
        // "expiring" expires in 30 s (inside the 60 s margin); issued tokens in an hour.
        let client = client(server, sid, store: store, enveloped: false) { token in
            token == "expiring" ? now.addingTimeInterval(30) : now.addingTimeInterval(3600)
        }
        let succeeded = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await client.send(TestEndpoint(["auth"]), as: AttemptBody.self)) != nil }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(succeeded == 50)
        let stats = try await server.stats(sid)
        #expect(stats.rejections == 0)
        #expect(stats.refreshes == 1)
        #expect(store.refreshCount == 1)
        let sent = stats.requests.filter { $0.path.hasSuffix("/auth") }.map { $0.headers["authorization"] }
        #expect(sent == Array(repeating: "Bearer token-1", count: 50))
        // A token far from its expiry is sent as is.
        _ = try await client.send(TestEndpoint(["auth"]), as: AttemptBody.self)
        #expect(store.refreshCount == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedProactiveRefreshSendsNothing() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let store = RefreshingTokenStore("expiring", refresh: .failing)
        let client = client(server, sid, store: store, enveloped: false) { _ in .distantPast }
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["auth"])) }
        guard case .sessionExpired = error?.kind else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(store.refreshCount == 1)
        #expect(try await server.stats(sid).hits == 0)
    }

    @Test func theExpiryOfAJWTIsItsExpClaim() {
        // {"alg":"none"} . {"sub":"1","exp":1700000060} . (no signature)
        let token = "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwiZXhwIjoxNzAwMDAwMDYwfQ."
        #expect(TokenProvider.jwtExpiration(token) == Date(timeIntervalSince1970: 1_700_000_060))
        #expect(TokenProvider.jwtExpiration("opaque-token") == nil)
        #expect(TokenProvider.jwtExpiration("a.b.c") == nil)
    }
}
