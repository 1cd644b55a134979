import Foundation
import Testing
@testable import SpecwrightRuntime

/// Issue #15 point 7: the outbox flushes by itself — when the app starts, after an enqueue, when
/// connectivity returns and (backing off) after the server was unreachable — and every write
/// reaches the server exactly once, counted on the server side.
@Suite("Outbox: flushes by itself")
struct OutboxFlusherTests {
    /// Retries quickly, so a restarted server is found soon.
    private static let quickly = OutboxFlusher.Backoff(initial: 0.05, maximum: 0.2)
    /// Never retries within a test: only a trigger can flush.
    private static let never = OutboxFlusher.Backoff(initial: 3600, maximum: 3600)

    private static func write(_ key: String, operation: String = "notes.create") -> TestEndpoint {
        var endpoint = TestEndpoint(
            ["outbox"], method: .post, headers: [HTTPHeader("Idempotency-Key", key)],
            body: .json(["title": key]), options: EndpointOptions(isIdempotent: true))
        endpoint.operationName = operation
        return endpoint
    }

    private static func outbox() throws -> Outbox {
        try Outbox(fileURL: makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite"))
    }

    /// Returns once the outbox shows a snapshot that satisfies `condition` (the test's time limit
    /// bounds the wait).
    private static func waitUntil(_ outbox: Outbox, _ condition: (OutboxSnapshot) -> Bool) async {
        for await snapshot in outbox.changes where condition(snapshot) { return }
    }

    /// Whether the first pending write was tried (and deferred) at least once.
    private static func triedAndDeferred(_ snapshot: OutboxSnapshot) -> Bool {
        (snapshot.pending.first?.attempts ?? 0) >= 1
    }

    @Test(.timeLimit(.minutes(1)))
    func theOutboxDrainsAfterTheServerComesBackWithEveryWriteDeliveredOnce() async throws {
        let first = try FixtureServer(lifetime: 120)
        defer { first.stop() }
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(first, sid: sid, dataLayer: DataLayerConfiguration())
        let outbox = try Self.outbox()
        let flusher = OutboxFlusher(client: client, outbox: outbox, connectivity: .manual, backoff: Self.quickly)
        flusher.start()
        defer { flusher.stop() }

        try client.enqueue(Self.write("w1"), in: outbox)
        await Self.waitUntil(outbox) { $0.pending.isEmpty }
        #expect(try await first.dataStats(sid).outboxKeys == ["w1"])

        first.stop()
        for key in ["w2", "w3", "w4", "w5"] { try client.enqueue(Self.write(key), in: outbox) }
        await Self.waitUntil(outbox, Self.triedAndDeferred)
        let second = try FixtureServer(lifetime: 120, port: first.port)
        defer { second.stop() }

        await Self.waitUntil(outbox) { $0.pending.isEmpty }
        let stats = try await second.dataStats(sid)
        #expect(stats.outboxKeys == ["w2", "w3", "w4", "w5"])
        #expect(stats.outboxDuplicates == 0)
        #expect(try outbox.failed().isEmpty)
    }

    enum Trigger: String, CaseIterable { case appCall, signal }

    @Test(.timeLimit(.minutes(1)), arguments: Trigger.allCases)
    func connectivityReturningFlushesAtOnce(trigger: Trigger) async throws {
        let stopped = try FixtureServer(lifetime: 120)
        stopped.stop()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(stopped, sid: sid, dataLayer: DataLayerConfiguration())
        let outbox = try Self.outbox()
        let (restorations, restored) = AsyncStream<Void>.makeStream()
        let signal = trigger == .signal ? ConnectivitySignal { restorations } : .manual
        try client.enqueue(Self.write("offline-1"), in: outbox)
        try client.enqueue(Self.write("offline-2"), in: outbox)
        // Started after the writes: its one flush at start fails, and then only a trigger flushes.
        let flusher = OutboxFlusher(client: client, outbox: outbox, connectivity: signal, backoff: Self.never)
        flusher.start()
        defer { flusher.stop() }
        await Self.waitUntil(outbox, Self.triedAndDeferred)
        let server = try FixtureServer(lifetime: 120, port: stopped.port)
        defer { server.stop() }

        switch trigger {
        case .appCall: flusher.connectivityRestored()
        case .signal: restored.yield()
        }
        await Self.waitUntil(outbox) { $0.pending.isEmpty }
        let stats = try await server.dataStats(sid)
        #expect(stats.outboxKeys == ["offline-1", "offline-2"])
        #expect(stats.outboxDuplicates == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFlusherStartedWithTheAppSendsWhatAnEarlierRunLeft() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration())
        let earlierRun = try Self.outbox()
        for key in ["left-1", "left-2", "left-3"] { try client.enqueue(Self.write(key), in: earlierRun) }

        let outbox = try Outbox(fileURL: earlierRun.fileURL)
        let flusher = OutboxFlusher(client: client, outbox: outbox, connectivity: .manual, backoff: Self.never)
        let outcomes = flusher.flushes
        flusher.start()
        defer { flusher.stop() }
        var iterator = outcomes.makeAsyncIterator()
        let outcome = await iterator.next()
        #expect(outcome??.delivered == 3)
        #expect(try await server.dataStats(sid).outboxKeys == ["left-1", "left-2", "left-3"])
        #expect(try outbox.pending().isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aScreenSeesItsPendingWritesUntilTheyAreDelivered() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration())
        let outbox = try Self.outbox()
        var writes = outbox.pendingWrites(of: "notes.create").makeAsyncIterator()
        #expect(await writes.next()?.isEmpty == true)

        try client.enqueue(Self.write("draft-1"), in: outbox)
        try client.enqueue(Self.write("other", operation: "tags.create"), in: outbox)
        try client.enqueue(Self.write("draft-2"), in: outbox)
        var shown = await writes.next() ?? []
        while shown.count < 2 { shown = await writes.next() ?? [] }
        struct Draft: Decodable { var title: String }
        #expect(try shown.map { try $0.body(as: Draft.self).title } == ["draft-1", "draft-2"])

        _ = try await client.flush(outbox)
        while let next = await writes.next(), !next.isEmpty {}
        #expect(try await server.dataStats(sid).outboxKeys == ["draft-1", "other", "draft-2"])
    }
}
