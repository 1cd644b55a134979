import Foundation
import Testing
@testable import SpecwrightRuntime

/// The cache partition follows the signed-in account the token provider names, and signing out
/// removes exactly that account's entries; server-side counts per bearer token.
@Suite("HTTP cache: accounts")
struct CacheAccountTests {
    /// Who is signed in: a token and the account it belongs to.
    final class Session: Sendable {
        let state = Locked<(token: String?, account: String?)>((nil, nil))
        func signIn(_ account: String, token: String) { state.withLock { $0 = (token, account) } }
        var provider: TokenProvider {
            TokenProvider(token: { self.state.value.token }, account: { self.state.value.account })
        }
    }

    private static func client(_ server: FixtureServer, sid: String, session: Session, cache: HTTPCache) -> APIClient {
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: session.provider, logging: .disabled, dataLayer: DataLayerConfiguration(cache: cache)))
    }

    @Test(.timeLimit(.minutes(1)))
    func twoAccountsNeverSeeEachOthersEntriesAndATokenRefreshKeepsTheAccountsCache() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let session = Session()
        let client = Self.client(server, sid: sid, session: session, cache: HTTPCache())
        let endpoint = DataSupport.cached(cc: "max-age=600, private", policy: .cacheFirst(ttl: 0))

        session.signIn("alice", token: "alice-1")
        let alice = try await client.response(endpoint, as: CachedBody.self)
        session.signIn("bob", token: "bob-1")
        let bob = try await client.response(endpoint, as: CachedBody.self)
        session.signIn("alice", token: "alice-2")
        let aliceAfterRefresh = try await client.response(endpoint, as: CachedBody.self)

        #expect(alice.value.user == "alice-1" && bob.value.user == "bob-1")
        #expect(bob.metadata.cacheStatus == .miss)
        #expect(aliceAfterRefresh.metadata.cacheStatus == .hit && aliceAfterRefresh.value == alice.value)
        #expect(try await server.dataStats(sid).userHits == ["alice-1": 1, "bob-1": 1])
    }

    @Test(.timeLimit(.minutes(1)))
    func signingOutRemovesOnlyTheSignedInAccountsEntriesAlsoFromDisk() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let session = Session()
        let client = Self.client(server, sid: sid, session: session, cache: HTTPCache(fileURL: file))
        let endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0))
        session.signIn("alice", token: "a")
        _ = try await client.response(endpoint, as: CachedBody.self)
        session.signIn("bob", token: "b")
        _ = try await client.response(endpoint, as: CachedBody.self)
        #expect(await client.signOut() == "bob")

        let relaunched = Self.client(server, sid: sid, session: session, cache: HTTPCache(fileURL: file))
        #expect(try await relaunched.response(endpoint, as: CachedBody.self).metadata.cacheStatus == .miss)
        session.signIn("alice", token: "a")
        #expect(try await relaunched.response(endpoint, as: CachedBody.self).metadata.cacheStatus == .hit)
        #expect(try await server.dataStats(sid).userHits == ["a": 1, "b": 2])
    }

    @Test(.timeLimit(.minutes(1)))
    func withoutAnAccountSigningOutRemovesTheCurrentCredentialsPartition() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = Locked<String?>("t1")
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: TokenProvider(token: { token.value }), logging: .disabled,
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0))
        _ = try await client.response(endpoint, as: CachedBody.self)
        token.withLock { $0 = "t2" }
        _ = try await client.response(endpoint, as: CachedBody.self)
        let removed = await client.signOut()
        #expect(removed?.hasPrefix("credential:") == true && removed?.contains("t2") == false)
        #expect(try await client.response(endpoint, as: CachedBody.self).metadata.cacheStatus == .miss)
        token.withLock { $0 = "t1" }
        #expect(try await client.response(endpoint, as: CachedBody.self).metadata.cacheStatus == .hit)
    }

    /// A response fetched by the replay after a 401 answered other credentials than the call was
    /// filed under, so it is never stored: the next call of the account asks again and stores.
    @Test(.timeLimit(.minutes(1)))
    func aResponseFetchedByATokenReplayIsNeverStored() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = Locked<String?>("expired")
        let refresher = APIClient(
            service: ServiceDescription(name: "Refresh", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none),
            configuration: ClientConfiguration(logging: .disabled))
        let provider = TokenProvider(
            token: { token.value },
            refresh: { _ in
                struct Issued: Decodable { var token: String }
                let issued = try await refresher.send(TestEndpoint(["refresh"], method: .post), as: Issued.self)
                token.withLock { $0 = issued.token }
                return issued.token
            },
            account: { "alice" })
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: provider, logging: .disabled, dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = TestEndpoint(["auth"], options: EndpointOptions(cache: .cacheFirst(ttl: 600)))

        let replayed = try await client.response(endpoint, as: [String: Int].self)  // 401, refresh, replay
        let asked = try await client.response(endpoint, as: [String: Int].self)
        let stored = try await client.response(endpoint, as: [String: Int].self)
        #expect(replayed.metadata.tokenReplays == 1)
        #expect(asked.metadata.cacheStatus == .miss)
        #expect(stored.metadata.cacheStatus == .hit && stored.value == asked.value)
        #expect(try await server.hits(sid, "auth") == 3)
    }
}
