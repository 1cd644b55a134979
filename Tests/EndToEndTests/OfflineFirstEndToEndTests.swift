import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Issue #15: the offline-first screen, end to end with the generated bookstore client. A cold
/// start in a tunnel shows the stored list with its age; a write made offline waits in the
/// outbox; when the server is back the outbox drains by itself (the app's connectivity trigger)
/// and the write lands once; pull-to-refresh then shows fresh data with the new book.
@Suite("Offline-first bookstore screen, end to end", .timeLimit(.minutes(2)))
struct OfflineFirstEndToEndTests {
    @Test func coldStartOfflineThenOnlineWithAQueuedWriteThatLandsOnce() async throws {
        let server = try FixtureServer(lifetime: 90)
        defer { server.stop() }
        let harness = try BookstoreHarness(server: server)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "e2e-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cacheFile = directory.appendingPathComponent("http.sqlite")
        let list = BooksEndpoint.list(page: 1, size: 20, q: nil)

        // An earlier run, online: the screen's list is stored on disk.
        let earlier = try await harness.client(cache: HTTPCache(fileURL: cacheFile)).books.list()
        server.stop()

        // Cold start in a tunnel: a new process (new cache instance, new gate, the outbox file).
        let app = harness.client(cache: HTTPCache(fileURL: cacheFile))
        let shown = try await app.client.response(list, as: [Book].self)
        #expect(shown.value == earlier)
        #expect(shown.metadata.cacheStatus != .miss)
        #expect(shown.metadata.cacheAge != nil)  // the screen can say how old it is

        let outbox = try Outbox(fileURL: directory.appendingPathComponent("outbox.sqlite"))
        let flusher = OutboxFlusher(
            client: app.client, outbox: outbox, connectivity: .manual, backoff: .init(initial: 3600, maximum: 3600))
        flusher.start()
        defer { flusher.stop() }
        try app.client.enqueue(
            BooksEndpoint.create(body: BookDraft(title: "Solaris", genre: .fiction), xRequestId: nil), in: outbox)
        var drafts = outbox.pendingWrites(of: "books.create").makeAsyncIterator()
        // shown optimistically
        #expect(try await drafts.next()?.map { try $0.body(as: BookDraft.self).title } == ["Solaris"])
        // tried offline
        for await snapshot in outbox.changes where (snapshot.pending.first?.attempts ?? 0) >= 1 { break }

        // Back online: the server returns on the same address; the app's reachability says so.
        let restarted = try FixtureServer(lifetime: 90, port: server.port)
        defer { restarted.stop() }
        flusher.connectivityRestored()
        for await snapshot in outbox.changes where snapshot.pending.isEmpty { break }

        // Pull-to-refresh shows fresh data, the queued write included.
        let fresh = try await app.client.response(list, as: [Book].self, cache: .reload)
        #expect(!fresh.metadata.isNetworkFallback)
        #expect(fresh.value.map(\.title).contains("Solaris"))
        let stats = try await harness.stats()
        #expect(stats.hits("POST /books") == 1)
        #expect(Array(stats.idempotency_keys.values) == [1])
        #expect(try outbox.failed().isEmpty)
    }
}
