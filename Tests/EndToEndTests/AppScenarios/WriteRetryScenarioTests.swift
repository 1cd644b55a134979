import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Writes whose outcome the app does not know, against the fixture server (which applies a key
/// once): the app repeats a create with the key it chose and the note exists once; a write queued
/// in the outbox survives a relaunch and is delivered exactly once.
@Suite("App scenario: writes repeated by the app and across launches", .timeLimit(.minutes(2)))
struct WriteRetryScenarioTests {
    /// The screen gave up on a create the server had already received; the user taps "Try again".
    @Test func aCreateTheAppRepeatsWithItsKeyIsAppliedOnce() async throws {
        let app = ScribeApp(server: try FixtureServer.shared())
        try await app.signIn("alice")
        let client = app.client
        let key = UUID().uuidString
        let create = NotesEndpoint.create(body: NoteDraft(text: "pay rent")).idempotencyKey(key)
        let lost = try await app.holding("/notes") { try await client.client.send(create, as: Note.self) }
        lost.cancel()  // the screen closed: the outcome is unknown
        try await app.release("/notes")
        _ = try? await lost.value

        let again = try await client.client.send(create, as: Note.self)
        #expect(try await app.stats().keys[key]?.deliveries == 2)
        let notes = try await client.notes.list(limit: 10, cache: .reload).notes
        #expect(notes.filter { $0.text == "pay rent" } == [again])
    }

    /// A write queued before the app was killed is sent by the next launch, once, however often
    /// that launch flushes.
    @Test func aQueuedWriteIsDeliveredOnceAfterARelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scribe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("outbox.sqlite")
        let server = try FixtureServer.shared()
        let scenario = FixtureServer.newScenario()
        do {  // the first launch queues the write offline and is killed
            let app = ScribeApp(server: server, scenario: scenario)
            try await app.signIn("alice")
            try await app.control(["down": true])
            let outbox = try Outbox(fileURL: file)
            try app.client.client.enqueue(NotesEndpoint.create(body: NoteDraft(text: "offline note")), in: outbox)
            _ = try? await app.client.client.flush(outbox)
            #expect(try outbox.pending().count == 1)
        }
        let app = ScribeApp(server: server, scenario: scenario)
        try await app.control(["down": false])  // back online
        try await app.signIn("alice")
        let outbox = try Outbox(fileURL: file)
        _ = try await app.client.client.flush(outbox)
        _ = try await app.client.client.flush(outbox)
        #expect(try outbox.pending().isEmpty)
        #expect(try await app.stats().keys.values.map(\.deliveries) == [1])
        let notes = try await app.client.notes.list(limit: 10).notes
        #expect(notes.filter { $0.text == "offline note" }.count == 1)
    }
}
