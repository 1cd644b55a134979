import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// An offline-first notes screen, as an app developer builds it on the generated `ScribeClient`
/// (networkFirst list with pages): online first, then offline with the stored copy and a visible
/// signal, back online with a revalidation, a forced reload, one entry evicted, everything cleared
/// on sign-out, and a live list that shows a write when it lands.
@Suite("App scenario: an offline-first screen", .timeLimit(.minutes(2)))
struct OfflineFirstScreenTests {
    @Test func theScreenShowsTheStoredCopyOfflineAndRevalidatesWhenBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scribe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(lifetime: 90)
        defer { server.stop() }
        let app = ScribeApp(server: server, cache: HTTPCache(fileURL: directory.appendingPathComponent("http.sqlite")))
        try await app.signIn("alice")

        // First launch, online: the first page is fetched and stored.
        let first = try await app.client.notes.listResponse()
        #expect(first.metadata.cacheStatus == .miss)
        #expect(first.value.notes.map(\.owner) == ["alice", "alice"])

        // Offline (the server cannot be reached): the same page from the store, flagged so the
        // screen can say so.
        server.stop()
        let offline = try await app.client.notes.listResponse()
        #expect(offline.value == first.value)
        #expect(offline.metadata.isNetworkFallback)
        #expect(offline.metadata.cacheStatus == .stale)
        #expect(offline.metadata.cacheAge != nil)
        // Pull-to-refresh offline fails as offline; what the screen shows stays.
        let refreshError = await #expect(throws: SpecwrightError.self) {
            try await app.client.notes.list(cache: .reload)
        }
        #expect(refreshError?.isOffline == true, "\(String(describing: refreshError))")

        // Back online (the server restarted and forgot its sessions: the token is refreshed on
        // the way): the stored copy is revalidated (a 304, no body).
        let restarted = try FixtureServer(lifetime: 90, port: server.port)
        defer { restarted.stop() }
        let back = try await app.client.notes.listResponse()
        #expect(back.value == first.value)
        #expect(back.metadata.cacheStatus == .revalidated)
        #expect(!back.metadata.isNetworkFallback)
        #expect(try await app.stats().not_modified == 1)

        // A forced reload asks without validators and gets the whole page.
        let reloaded = try await app.client.notes.listResponse(cache: .reload)
        #expect(reloaded.metadata.cacheStatus == .miss)
        #expect(try await app.stats().not_modified == 1)
    }

    @Test func theAppEvictsOneEntryAndSignOutClearsTheRest() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        let page1 = try await app.client.notes.list()
        let cursor = try #require(page1.nextCursor)
        let page2 = try await app.client.notes.list(cursor: cursor)
        let me = try await app.client.account.me()
        #expect(me.id == "alice")

        try app.client.client.invalidate(NotesEndpoint.list(cursor: nil, limit: 2))
        await #expect(throws: SpecwrightError.self) { try await app.client.notes.list(cache: .cacheOnly) }
        #expect(try await app.client.notes.list(cursor: cursor, cache: .cacheOnly) == page2)
        #expect(try await app.client.account.me(cache: .cacheOnly) == me)

        await app.signOut()
        try await app.signIn("alice")
        await #expect(throws: SpecwrightError.self) {
            try await app.client.notes.list(cursor: cursor, cache: .cacheOnly)
        }
        await #expect(throws: SpecwrightError.self) { try await app.client.account.me(cache: .cacheOnly) }
    }

    @Test func aLiveListShowsAWriteWhenItLands() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        var screen = app.client.notes.observeList(limit: 10).makeAsyncIterator()
        let shown = try #require(try await screen.next())
        #expect(shown.value.notes.count == 3)

        let note = try await app.client.notes.create(body: NoteDraft(text: "buy milk"))
        var latest = shown.value
        while !latest.notes.contains(note), let next = try await screen.next() {
            latest = next.value
        }
        #expect(latest.notes.last == note)
    }

    /// The page on its way while a write lands was read before the write: it reaches its caller,
    /// but is not what the store keeps (offline, the screen would show the list without the note).
    @Test func aPageFetchedWhileAWriteLandsIsNotKeptWithoutTheWrite() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        let client = app.client
        let read = try await app.holding("/notes") { try await client.notes.list(limit: 10) }
        let note = try await app.client.notes.create(body: NoteDraft(text: "buy milk"))
        try await app.release("/notes")
        #expect(try await read.value.notes.count == 3)

        try await app.control(["down": true])
        let offline = try? await app.client.notes.list(limit: 10)
        #expect(offline == nil || offline?.notes.contains(note) == true, "offline the screen shows \(offline!)")
    }

    /// Notes loaded by id (a batch endpoint with `key: id`) are reused while fresh for the account
    /// the token provider names, and forgotten when the app invalidates the operation.
    @Test func notesLoadedByIdAreReusedUntilTheAppInvalidatesThem() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        let ids = try await app.client.notes.list(limit: 10).notes.map(\.id)
        #expect(try await app.client.notes.byIds(ids: ids).map(\.id) == ids)
        #expect(try await app.stats().routes["GET /notes/batch"] == 2)  // two chunks of two

        #expect(try await app.client.notes.byIds(ids: ids.reversed()).map(\.id) == ids.reversed())
        #expect(try await app.stats().routes["GET /notes/batch"] == 2)  // all fresh: no request

        app.client.client.invalidate(operation: "notes.byIds")
        #expect(try await app.client.notes.byIds(ids: ids.reversed()).map(\.id) == ids.reversed())
        #expect(try await app.stats().routes["GET /notes/batch"] == 4)
    }
}
