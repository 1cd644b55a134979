import Foundation
import Testing
@testable import SpecwrightRuntime

/// Invalidation by the app (URL, operation, path prefix, account) and by writes (RFC 9111 §4.4
/// and the spec's `invalidates:`), against the fixture server with server-side hit counts.
@Suite("HTTP cache: invalidation")
struct CacheInvalidationTests {
    private static func read(_ path: [String], operation: String = "books.get") -> TestEndpoint {
        var endpoint = TestEndpoint(
            ["cached"] + path, query: DataSupport.cached(cc: "max-age=600", policy: .networkOnly).query,
            options: EndpointOptions(cache: .cacheFirst(ttl: 0)))
        endpoint.operationName = operation
        return endpoint
    }

    private static func statuses(_ client: APIClient, _ endpoints: [TestEndpoint]) async throws -> [CacheStatus] {
        var result: [CacheStatus] = []
        for endpoint in endpoints {
            result.append(try await client.response(endpoint, as: CachedBody.self).metadata.cacheStatus)
        }
        return result
    }

    @Test(.timeLimit(.minutes(1)))
    func aPostInvalidatesTheReadsItsSpecNamesAndOnlyThose() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let book = Self.read(["1"]), other = Self.read(["2"]), list = Self.read([], operation: "books.list")
        let unrelated = Self.read(["authors"], operation: "authors.list")
        _ = try await Self.statuses(client, [book, other, list, unrelated])
        #expect(try await Self.statuses(client, [book, other, list, unrelated]) == [.hit, .hit, .hit, .hit])

        var comment = TestEndpoint(
            ["cached", "1", "comments"], method: .post, body: .json(["text": "nice"]),
            options: EndpointOptions(invalidates: ["books.get", "books.list"]))
        comment.operationName = "comments.create"
        _ = try await client.sendData(comment)
        #expect(try await Self.statuses(client, [book, other, list, unrelated]) == [.miss, .miss, .miss, .hit])
        #expect(try await server.hits(sid, "cached") == 4 + 1 + 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func theAppRemovesByURLOperationPathPrefixAndAccount() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let account = Locked("alice")
        let client = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(), accountIdentity: { account.value }))
        let book = Self.read(["1"]), other = Self.read(["2"]),
            reviews = Self.read(["1", "reviews"], operation: "reviews.list")
        let sibling = Self.read(["10"], operation: "reviews.list")
        let all = [book, other, reviews, sibling]
        _ = try await Self.statuses(client, all)

        try client.invalidate(book)
        #expect(try await Self.statuses(client, all) == [.miss, .hit, .hit, .hit])
        client.invalidate(operation: "reviews.list")
        #expect(try await Self.statuses(client, all) == [.hit, .hit, .miss, .miss])
        try client.invalidate(pathPrefix: "/cached/1")
        #expect(try await Self.statuses(client, all) == [.miss, .hit, .miss, .hit])
        account.withLock { $0 = "bob" }
        _ = try await Self.statuses(client, all)
        client.invalidate(account: "bob")
        #expect(try await Self.statuses(client, all) == [.miss, .miss, .miss, .miss])
        account.withLock { $0 = "alice" }
        #expect(try await Self.statuses(client, all) == [.hit, .hit, .hit, .hit])
    }

    @Test func aPathPrefixCoversItsSubtreeOnly() {
        #expect(HTTPCache.url("http://h/books", isBelow: "http://h/books"))
        #expect(HTTPCache.url("http://h/books?page=2", isBelow: "http://h/books"))
        #expect(HTTPCache.url("http://h/books/1/reviews", isBelow: "http://h/books"))
        #expect(!HTTPCache.url("http://h/bookshelves", isBelow: "http://h/books"))
        #expect(!HTTPCache.url("http://h/book", isBelow: "http://h/books"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aPathPrefixRemovesTheSameSubtreeFromDisk() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let endpoints = [Self.read(["1"]), Self.read(["1", "reviews"]), Self.read(["10"]), Self.read(["1%_"])]
        let warm = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        _ = try await Self.statuses(warm, endpoints)
        try warm.invalidate(pathPrefix: "cached/1")
        let relaunched = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        #expect(try await Self.statuses(relaunched, endpoints) == [.miss, .miss, .hit, .hit])
    }
}
