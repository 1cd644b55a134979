import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// One device, two users: Alice signs in, loads her screens, queues a write and signs out; Bob
/// signs in on the same client, cache file and outbox. Nothing of Alice's reaches Bob — not from
/// the cache, a shared in-flight read, a live list, the outbox or a batch — and token renewal
/// works as an app needs it: one refresh for many calls, a clean sign-out when it fails.
@Suite("App scenario: a user switch and token renewal", .timeLimit(.minutes(2)))
struct UserSwitchScenarioTests {
    @Test func nothingOfAliceReachesBobAfterTheSwitch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scribe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = ScribeApp(
            server: try FixtureServer.shared(),
            cache: HTTPCache(fileURL: directory.appendingPathComponent("http.sqlite")))
        let client = app.client
        try await app.signIn("alice")
        let alicesNotes = try await client.notes.list(limit: 10).notes
        #expect(try await client.account.me().id == "alice")
        #expect(try await client.notes.byIds(ids: alicesNotes.map(\.id)).count == 3)
        var alicesScreen = client.notes.observeList(limit: 10).makeAsyncIterator()
        #expect(try await alicesScreen.next()?.value.notes == alicesNotes)
        let outbox = try Outbox(fileURL: directory.appendingPathComponent("outbox.sqlite"))
        try client.client.enqueue(NotesEndpoint.create(body: NoteDraft(text: "alice's draft")), in: outbox)
        // A read of Alice's is on its way when she signs out.
        let inFlight = try await app.holding("/me") { try await client.account.me() }

        await app.signOut()
        try await app.signIn("bob")
        // Bob's read of the same URL does not join Alice's (it would wait for her held answer).
        #expect(try await client.account.me().id == "bob")
        try await app.release("/me")
        #expect(try await inFlight.value.id == "alice")  // her closing screen still gets its answer

        #expect(try await client.account.me(cache: .cacheOnly).id == "bob")
        let bobsNotes = try await client.notes.list(limit: 10).notes
        #expect(bobsNotes.allSatisfy { $0.owner == "bob" }, "\(bobsNotes)")
        #expect(try await client.notes.byIds(ids: alicesNotes.map(\.id)).isEmpty)
        _ = try await client.client.flush(outbox)
        #expect(try await app.stats().keys.isEmpty, "Alice's queued write was sent")
        #expect(try outbox.pending().isEmpty)
        while let shown = try await alicesScreen.next() {  // Alice's live list never shows Bob's notes
            #expect(shown.value.notes.allSatisfy { $0.owner == "alice" }, "\(shown.value)")
            if shown.value.notes.contains(where: { $0.owner != "alice" }) { break }
        }
        // Bob, offline, sees only his own stored copy.
        try await app.control(["down": true])
        #expect(try await client.account.me().id == "bob")
    }

    /// Alice's live feed drops while she signs out and Bob signs in: it must not reconnect with
    /// Bob's credentials and show his events on her (closing) screen.
    @Test func aLiveFeedDroppedDuringTheSwitchDoesNotReconnectAsTheNextUser() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        var shown: [FeedEvent] = []
        do {
            for try await event in try await app.client.feed.mine(total: 4, cut: 2) {
                shown.append(event)
                if event.n == 2 {  // the connection drops after this one
                    await app.signOut()
                    try await app.signIn("bob")
                }
            }
        } catch let error as SpecwrightError {
            #expect(error.isCancellation, "\(error)")
        }
        #expect(shown.map(\.user).allSatisfy { $0 == "alice" }, "\(shown)")
        #expect(shown.map(\.n).prefix(2) == [1, 2])
    }

    /// The docs say: `signOut()` first, then forget the session. An app that does it the other way
    /// round still leaves nothing of the account behind.
    @Test func signingOutAfterTheAppForgotTheSessionStillClearsTheAccountsData() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        _ = try await app.client.account.me()
        _ = try await app.client.notes.list()
        app.session.withLock { $0 = ScribeApp.Session() }  // forgotten first
        #expect(await app.client.client.signOut() == "alice")

        try await app.signIn("alice")
        await #expect(throws: SpecwrightError.self) { try await app.client.account.me(cache: .cacheOnly) }
        await #expect(throws: SpecwrightError.self) { try await app.client.notes.list(cache: .cacheOnly) }
    }

    @Test func fiveCallsRacingAnExpiredTokenRefreshItOnce() async throws {
        let app = ScribeApp(server: try FixtureServer.shared(), cache: nil)
        let client = app.client
        try await app.signIn("alice")
        let ids = try await client.notes.list(limit: 10).notes.map(\.id)
        try await app.control(["expire": "alice"])

        async let me = client.account.me()
        async let page = client.notes.list()
        async let first = client.notes.get(id: ids[0])
        async let second = client.notes.get(id: ids[1])
        async let many = client.notes.byIds(ids: ids)
        let results = try await (me.id, page.notes.count, first.id, second.id, many.count)
        #expect(results == ("alice", 2, ids[0], ids[1], 3))
        #expect(try await app.stats().refreshes == 1)
    }

    @Test func aFailedRefreshSignsOutOnceAndCleanly() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        let client = app.client
        let signedOut = LockedBox(0)
        app.expiry.onExpired { _ in signedOut.withLock { $0 += 1 } }
        try await app.signIn("alice")
        _ = try await client.account.me()
        try await app.control(["expire": "alice", "refresh_fails": true])

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    let error = await #expect(throws: SpecwrightError.self) { try await client.account.me() }
                    guard case .sessionExpired = error?.kind else {
                        Issue.record("expected a session expiry, got \(String(describing: error))")
                        return
                    }
                }
            }
        }
        #expect(signedOut.withLock { $0 } == 1)  // one sign-out, however many calls saw it
        #expect(app.expiry.isExpired)
        #expect(try await app.stats().refreshes >= 1)

        // The app signs out and Bob signs in: his calls work at once.
        await app.signOut()
        try await app.signIn("bob")
        #expect(try await client.account.me().id == "bob")
        #expect(!app.expiry.isExpired)
    }
}
