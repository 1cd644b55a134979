import Foundation
import SpecwrightTestSupport
import Testing
@testable import SpecwrightRuntime

/// Who is signed in: the token the provider hands out and, optionally, the account identity.
/// Tests switch it while calls run, as an app does on logout/login.
final class SignedInAccount: Sendable {
    private let state: LockedBox<(token: String, identity: String?)>
    init(token: String, identity: String? = nil) { state = LockedBox((token, identity)) }
    func switchTo(token: String, identity: String? = nil) { state.withLock { $0 = (token, identity) } }
    var token: String { state.withLock { $0.token } }
    var identity: String? { state.withLock { $0.identity } }
}

/// A clock that switches the signed-in account during the first backoff sleep.
final class AccountSwitchingClock: RuntimeClock {
    let account: SignedInAccount
    let next: (token: String, identity: String?)
    init(account: SignedInAccount, switchTo next: (token: String, identity: String?)) {
        self.account = account
        self.next = next
    }
    func now() -> TimeInterval { 0 }
    func sleep(for seconds: TimeInterval) async throws { account.switchTo(token: next.token, identity: next.identity) }
}

/// Issue #21 item 3: one user never gets another's cached data by default.
@Suite("Security: cached responses are partitioned by credentials")
struct SecurityCachePartitionTests {
    static func client(
        _ server: FixtureServer, sid: String, cache: HTTPCache, account: SignedInAccount, usesIdentity: Bool = false,
        clock: any RuntimeClock = RecordingClock(), retry: RetryPolicy = .none, common: CommonHeaders = .default,
        interceptors: [any Interceptor] = [], deduplicates: Bool = false
    ) -> APIClient {
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: retry)
        let identity: @Sendable () async -> String? = { @Sendable in usesIdentity ? account.identity : nil }
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: TokenProvider(token: { account.token }), interceptors: interceptors, retryBudget: nil,
                commonHeaders: common, logging: .disabled, clock: clock,
                dataLayer: DataLayerConfiguration(
                    cache: cache, accountIdentity: identity, deduplicatesReads: deduplicates)))
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["max-age=60", "private, max-age=60"], [nil, "Authorization"])
    func twoBearerTokensWithoutAnAccountIdentityNeverShareACachedBody(cc: String, vary: String?) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let account = SignedInAccount(token: "token-A")
        let client = Self.client(server, sid: sid, cache: HTTPCache(), account: account)
        let endpoint = DataSupport.cached(cc: cc, vary: vary, policy: .cacheFirst(ttl: 60))

        let firstA = try await client.response(endpoint, as: CachedBody.self)
        account.switchTo(token: "token-B")
        let firstB = try await client.response(endpoint, as: CachedBody.self)
        let againB = try await client.response(endpoint, as: CachedBody.self)
        account.switchTo(token: "token-A")
        let againA = try await client.response(endpoint, as: CachedBody.self)

        #expect(firstA.value.user == "token-A" && firstB.value.user == "token-B")
        #expect(againB.value == firstB.value && againB.metadata.cacheStatus == .hit)
        #expect(againA.value == firstA.value && againA.metadata.cacheStatus == .hit)
        #expect(try await server.dataStats(sid).userHits == ["token-A": 1, "token-B": 1])
    }

    @Test(.timeLimit(.minutes(1)))
    func theCacheFileNeverHoldsTheTokenText() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("token").appendingPathComponent("http.sqlite")
        let secret = "secret-\(UUID().uuidString)"
        let client = Self.client(
            server, sid: sid, cache: HTTPCache(fileURL: file), account: SignedInAccount(token: secret))
        _ = try await client.response(
            DataSupport.cached(cc: "max-age=60", vary: "Authorization", policy: .cacheFirst(ttl: 60)),
            as: CachedBody.self)
        var bytes = Data()
        for suffix in ["", "-wal"] {
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: file.path + suffix))) ?? Data()
        }
        #expect(try #require(try CacheFileTampering.keys(file).first).account.hasPrefix("credential:"))
        // The fixture echoes the bare token in the body (the stored response); the credential the
        // request carried — the key and `Vary: Authorization` value — must not be in the file.
        #expect(
            bytes.range(of: Data("Bearer \(secret)".utf8)) == nil, "the Authorization value is not in the cache file")
    }

    @Test(.timeLimit(.minutes(1)))
    func partitionsSurviveARelaunchWithTheSameToken() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("relaunch").appendingPathComponent("http.sqlite")
        let account = SignedInAccount(token: "token-A")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 60))
        let first = try await Self.client(server, sid: sid, cache: HTTPCache(fileURL: file), account: account).response(
            endpoint, as: CachedBody.self)
        let relaunched = try await Self.client(server, sid: sid, cache: HTTPCache(fileURL: file), account: account)
            .response(endpoint, as: CachedBody.self)
        account.switchTo(token: "token-B")
        let other = try await Self.client(server, sid: sid, cache: HTTPCache(fileURL: file), account: account).response(
            endpoint, as: CachedBody.self)
        #expect(relaunched.value == first.value && relaunched.metadata.cacheStatus == .hit)
        #expect(other.value.user == "token-B" && other.metadata.cacheStatus == .miss)
    }

    @Test(.timeLimit(.minutes(1)))
    func varyIsMatchedOnTheHeadersTheInterceptorsSend() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let account = SignedInAccount(token: "token-A")
        func client(language: String) -> APIClient {
            Self.client(
                server, sid: sid, cache: cache, account: account, common: CommonHeaders(acceptLanguage: language))
        }
        let endpoint = DataSupport.cached(cc: "max-age=60", vary: "Accept-Language", policy: .cacheFirst(ttl: 60))
        let german = try await client(language: "de").response(endpoint, as: CachedBody.self)
        let french = try await client(language: "fr").response(endpoint, as: CachedBody.self)
        let germanAgain = try await client(language: "de").response(endpoint, as: CachedBody.self)
        #expect(german.value.lang == "de" && french.value.lang == "fr")
        #expect(germanAgain.value == german.value && germanAgain.metadata.cacheStatus == .hit)
    }

    @Test(.timeLimit(.minutes(1)))
    func aHeaderOnlyACustomInterceptorAddsIsNeverMatchedAgainstAnotherValue() async throws {
        struct Tenant: Interceptor {
            let name: String
            func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
                var request = request
                request.headers.setValue(name, for: "Accept-Language")
                return request
            }
        }
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let account = SignedInAccount(token: "token-A")
        let endpoint = DataSupport.cached(cc: "max-age=60", vary: "Accept-Language", policy: .cacheFirst(ttl: 60))
        let first = try await Self.client(
            server, sid: sid, cache: cache, account: account, interceptors: [Tenant(name: "tenant-a")]
        )
        .response(endpoint, as: CachedBody.self)
        let second = try await Self.client(
            server, sid: sid, cache: cache, account: account, interceptors: [Tenant(name: "tenant-b")]
        )
        .response(endpoint, as: CachedBody.self)
        #expect(first.value.lang == "tenant-a" && second.value.lang == "tenant-b")
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func anAccountSwitchDuringRetryBackoffNeitherSendsNorStoresTheNewAccountsToken(usesIdentity: Bool) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let account = SignedInAccount(token: "token-A", identity: "alice")
        let clock = AccountSwitchingClock(account: account, switchTo: ("token-B", "bob"))
        let client = Self.client(
            server, sid: sid, cache: cache, account: account, usesIdentity: usesIdentity, clock: clock,
            retry: RetryPolicy(maxRetries: 2, baseDelay: 0, maxDelay: 0, jitter: .none))
        let endpoint = DataSupport.cached(cc: "max-age=60", fail: 1, policy: .cacheFirst(ttl: 60))

        let alicesCall = try await client.response(endpoint, as: CachedBody.self)
        #expect(alicesCall.attempts == 2)
        #expect(alicesCall.value.user == "token-A", "the retry of alice's call still sends alice's token")
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["authorization"] } == ["Bearer token-A", "Bearer token-A"])

        let bobsCall = try await client.response(endpoint, as: CachedBody.self)
        #expect(bobsCall.value.user == "token-B" && bobsCall.metadata.cacheStatus == .miss)
        account.switchTo(token: "token-A", identity: "alice")
        let alicesAgain = try await client.response(endpoint, as: CachedBody.self)
        #expect(alicesAgain.value == alicesCall.value && alicesAgain.metadata.cacheStatus == .hit)
    }

    enum TaskToken {
        @TaskLocal static var value = "token-A"
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrentReadsWithDifferentTokensAreNotDeduplicatedIntoOne() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let endpoint = DataSupport.cached(cc: "no-store", policy: .networkOnly, delay: 0.3)
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: TokenProvider(token: { TaskToken.value }), logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(deduplicatesReads: true)))
        async let fromAlice = TaskToken.$value.withValue("token-A") {
            try await client.response(endpoint, as: CachedBody.self)
        }
        async let fromBob = TaskToken.$value.withValue("token-B") {
            try await client.response(endpoint, as: CachedBody.self)
        }
        let (alice, bob) = try await (fromAlice, fromBob)
        #expect(alice.value.user == "token-A" && bob.value.user == "token-B")
        #expect(try await server.dataStats(sid).userHits == ["token-A": 1, "token-B": 1])
    }
}
