import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The client generated from `specs/bookstore.yaml` by the build-tool plugin, exercised against
/// a real HTTP server on 127.0.0.1: this is "compile the generated client against the runtime
/// and run it" on every CI run.
@Suite("Generated bookstore client, end to end", .timeLimit(.minutes(2)))
struct BookstoreEndToEndTests {
    @Test func listsGetsCreatesAndDeletesBooks() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()

        let books = try await client.books.list()
        #expect(books.map(\.title) == ["Odes", "Cosmos", "Dune"])
        #expect(books.first?.genre == .poetry)

        let dune = try #require(books.last)
        #expect(try await client.books.get(id: dune.id) == dune)

        let created = try await client.books.create(body: BookDraft(title: "Solaris", genre: .fiction))
        #expect(created.title == "Solaris")
        #expect(try await client.books.list(q: "sol").map(\.id) == [created.id])

        try await client.books.delete(id: created.id)
        do {
            _ = try await client.books.get(id: created.id)
            Issue.record("a deleted book was still found")
        } catch let error as SpecwrightError {
            #expect(error.status == 404)
            #expect(error.typedBody(as: NotFound.self)?.message.hasPrefix("no book with id") == true)
        }
        let stats = try await harness.stats()
        #expect(stats.idempotency_keys.count == 1)
    }

    @Test func aBusinessCodeInTheEnvelopeBecomesATypedError() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        _ = try await client.config.fetch()  // open the gate first: its call is enveloped too
        try await harness.control(["business": ["code": 42, "message": "catalog frozen"]])
        do {
            _ = try await client.books.list()
            Issue.record("the business error was not reported")
        } catch let error as SpecwrightError {
            guard case .business(let code, let message) = error.kind else {
                Issue.record("expected a business error, got \(error)")
                return
            }
            #expect(code == 42)
            #expect(message == "catalog frozen")
        }
    }

    @Test func aSessionExpiredCodeIsPublishedOnce() async throws {
        let harness = try BookstoreHarness()
        let session = SessionExpiry()
        let client = harness.client(session: session)
        _ = try await client.config.fetch()
        try await harness.control(["business": ["code": 40101, "message": "session over"]])
        await #expect(throws: SpecwrightError.self) { try await client.books.list() }
        #expect(session.publishedCount == 1)
        #expect(session.isExpired)
    }

    @Test func retriesA503AndSucceeds() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        try await harness.control(["fail": ["path": "/books", "statuses": [503, 503]]])
        let books = try await client.books.list()
        #expect(books.count == 3)
        #expect(try await harness.stats().hits("GET /books") == 3)
    }

    @Test func refreshesTheTokenOnceForConcurrent401s() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        _ = try await client.config.fetch()
        try await harness.control(["token": "token-rotated"])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.books.list().count }
            }
            for try await count in group {
                #expect(count == 3)
            }
        }
        #expect(try await harness.stats().refreshes == 1)
        #expect(harness.token.withLock { $0 } == "token-rotated")
    }

    @Test func aSecondListIsServedFromTheCache() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client(cache: HTTPCache())
        let first = try await client.books.list()
        let second = try await client.client.response(BooksEndpoint.list(page: 1, size: 20, q: nil), as: [Book].self)
        #expect(second.value == first)
        #expect(second.metadata.cacheStatus == .hit)
        #expect(try await harness.stats().hits("GET /books") == 1)
    }

    @Test func servesTheStoredCopyWhenTheServerIsGone() async throws {
        let server = try FixtureServer(lifetime: 60)
        let harness = try BookstoreHarness(server: server)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let online = try await harness.client(cache: HTTPCache(fileURL: file)).books.list()

        server.stop()

        // The app restarts in a tunnel: new cache instance (nothing in memory), new config gate.
        // The gate call fails offline, so cache-able reads are answered from disk and nothing
        // is sent; a read the cache cannot answer fails as "config unavailable".
        let restarted = harness.client(cache: HTTPCache(fileURL: file))
        let response = try await restarted.client.response(
            BooksEndpoint.list(page: 1, size: 20, q: nil), as: [Book].self)
        #expect(response.value == online)
        #expect(response.metadata.cacheStatus != .miss)
        do {
            _ = try await restarted.books.get(id: try #require(online.first).id)
            Issue.record("an uncached call succeeded with the server gone")
        } catch let error as SpecwrightError {
            guard case .configUnavailable = error.kind else {
                Issue.record("expected configUnavailable, got \(error)")
                return
            }
        }
    }

    @Test func batchesIdsInBoundedParallelCalls() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        let known = try await client.books.list()
        let ids = (0..<147).map { _ in UUID() } + known.map(\.id).reversed()
        let found = try await client.books.byIds(ids: ids)
        #expect(found.map(\.id) == known.map(\.id).reversed())
        let stats = try await harness.stats()
        #expect(stats.batch_calls == 2)
        #expect(stats.batch_peak <= 2)
    }

    @Test func theConfigGateRunsOnceBeforeOtherRequests() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { _ = try await client.books.list() }
            }
            try await group.waitForAll()
        }
        let stats = try await harness.stats()
        #expect(stats.gate_calls == 1)
        #expect(stats.hits("GET /books") == 10)
    }

    @Test func aFailingConfigGateLetsNothingThrough() async throws {
        let harness = try BookstoreHarness()
        let client = harness.client()
        try await harness.control(["config_fail": true])
        do {
            _ = try await client.books.list()
            Issue.record("a request was sent without config")
        } catch let error as SpecwrightError {
            guard case .configUnavailable = error.kind else {
                Issue.record("expected configUnavailable, got \(error)")
                return
            }
        }
        #expect(try await harness.stats().hits("GET /books") == 0)
    }
}
