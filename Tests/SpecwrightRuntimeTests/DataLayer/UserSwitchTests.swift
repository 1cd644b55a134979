import Foundation
import Testing
@testable import SpecwrightRuntime

/// "User A signs out, user B signs in" for the stages that outlive one call: an `observe` stream
/// started for A never shows B's data, and one batch load never returns (or stores) elements of
/// two users. (The cache partitions, read de-duplication and the outbox have their own suites:
/// `SecurityCachePartitionTests`, `CacheAccountTests`, `OutboxSignOutTests`.)
@Suite("Data layer: a user switch")
struct UserSwitchTests {
    private static func client(_ server: FixtureServer, sid: String, token: LockedBox<String>) -> APIClient {
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), auth: .bearer, timeout: 10, retry: .none)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: TokenProvider(token: { token.withLock { $0 } }), logging: .disabled,
                clock: RecordingClock(), dataLayer: DataLayerConfiguration(cache: HTTPCache())))
    }

    @Test(.timeLimit(.minutes(1)))
    func anObserverOfTheSignedOutUserNeverShowsTheNextUsersData() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = LockedBox("token-of-alice")
        let client = Self.client(server, sid: sid, token: token)
        let endpoint = DataSupport.cached(cc: "max-age=600, private", policy: .cacheFirst(ttl: 0))
        var alicesScreen = client.observe(endpoint, as: CachedBody.self).makeAsyncIterator()
        #expect(try await alicesScreen.next()?.value.user == "token-of-alice")

        // Alice signs out, Bob signs in and reads the same URL: his copy is stored in his partition,
        // which wakes Alice's observer.
        await client.signOut()
        token.withLock { $0 = "token-of-bob" }
        let bobs = try await client.response(endpoint, as: CachedBody.self)
        #expect(bobs.value.user == "token-of-bob")

        while let shown = try await alicesScreen.next() {
            #expect(shown.value.user == "token-of-alice", "Alice's screen showed \(shown.value)")
            if shown.value.user != "token-of-alice" { break }
        }
    }

    private struct Item: Codable, Sendable, Hashable {
        var id: String
        var user: String?
    }

    @Test(.timeLimit(.minutes(1)))
    func oneBatchNeverReturnsTheElementsOfTwoUsers() async throws {
        let token = LockedBox("token-of-alice")
        let stub = StubTransport { request in
            let user = request.headers.value(for: "Authorization")?.replacingOccurrences(of: "Bearer ", with: "")
            let ids =
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .filter { $0.name == "ids" }.compactMap(\.value) ?? []
            // The other user signs in while each chunk is on its way.
            token.withLock { $0 = $0 == "token-of-alice" ? "token-of-bob" : "token-of-alice" }
            let items = ids.map { Item(id: $0, user: user) }
            return HTTPResponse(status: 200, body: try JSONEncoder().encode(items))
        }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example")), auth: .bearer),
            configuration: ClientConfiguration(
                transport: stub, tokenProvider: TokenProvider(token: { token.withLock { $0 } }), logging: .disabled,
                clock: RecordingClock()))
        do {
            let items = try await client.loadBatch(
                ["1", "2", "3"], options: BatchOptions(size: 1, concurrency: 1), operationName: "items.byIds"
            ) { chunk in
                var query = QueryParameters()
                query.append("ids", chunk)
                return try await client.response(TestEndpoint(["items"], query: query), as: [Item].self)
            }
            #expect(items.allSatisfy { $0.user == "token-of-alice" }, "Alice's batch returned \(items)")
        } catch let error as SpecwrightError {
            #expect(error.kind == .cancelled)
        }
        let owner = token.withLock { $0 }
        let partial = await client.loadBatchPartially(
            ["4", "5", "6"], options: BatchOptions(size: 1, concurrency: 1), operationName: "items.byIds"
        ) { chunk in
            var query = QueryParameters()
            query.append("ids", chunk)
            return try await client.response(TestEndpoint(["items"], query: query), as: [Item].self)
        }
        #expect(partial.elements.allSatisfy { $0.user == owner }, "\(owner)'s batch returned \(partial.elements)")
    }

    /// Authenticates with a header the runtime does not know as a credential (the app's own scheme).
    private struct AppSignIn: Interceptor {
        let token: LockedBox<String>

        func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
            var request = request
            request.headers.setValue("Bearer " + token.withLock { $0 }, for: "Authorization")
            return request
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["max-age=600", "max-age=600, private"])
    func aResponseToAnInterceptorsCredentialsIsNeverServedToTheNextUser(cc: String) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = LockedBox("token-of-alice")
        let client = APIClient(
            service: ServiceDescription(name: "Data", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none),
            configuration: ClientConfiguration(
                interceptors: [AppSignIn(token: token)], logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = DataSupport.cached(cc: cc, policy: .cacheFirst(ttl: 0))
        let alices = try await client.response(endpoint, as: CachedBody.self)
        token.withLock { $0 = "token-of-bob" }
        let bobs = try await client.response(endpoint, as: CachedBody.self)
        #expect(alices.value.user == "token-of-alice")
        #expect(bobs.value.user == "token-of-bob", "Bob was served \(bobs.value)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aPublicResponseToAnInterceptorsCredentialsIsStillCached() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let token = LockedBox("token-of-alice")
        let client = APIClient(
            service: ServiceDescription(name: "Data", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none),
            configuration: ClientConfiguration(
                interceptors: [AppSignIn(token: token)], logging: .disabled, clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = DataSupport.cached(cc: "public, max-age=600", policy: .cacheFirst(ttl: 0))
        _ = try await client.response(endpoint, as: CachedBody.self)
        #expect(try await client.response(endpoint, as: CachedBody.self).metadata.cacheStatus == .hit)
    }
}
