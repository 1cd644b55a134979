import Foundation

/// A persisted queue of writes for offline use and optimistic updates.
///
/// A mutation is enqueued (and committed to SQLite) before it is sent; `flush` sends pending
/// entries strictly in order, each with its own `Idempotency-Key` on every attempt — also after
/// the process died and a new one flushes, so the server can drop a repeated delivery. A
/// permanent failure moves the entry to the dead-letter list with its error (never silently
/// dropped); a transient one keeps it pending and stops the flush, so later writes never overtake
/// it. Observe `changes` to show pending and failed writes. Usually used through
/// `APIClient.enqueue(_:in:)` and `APIClient.flush(_:)`.
public final class Outbox: Sendable {
    /// The SQLite file the outbox lives in.
    public let fileURL: URL
    private let store: OutboxStore
    private let flushes = InFlightDeduplicator<OutboxFlushResult>()
    private let subscribers = Locked([UUID: AsyncStream<OutboxSnapshot>.Continuation]())
    private let enqueueObservers = Locked([UUID: @Sendable () -> Void]())

    /// Opens (creating if needed) the outbox stored at `fileURL` (mode 0600).
    /// Throws `OutboxError` when the file exists but cannot be read as an outbox.
    public init(fileURL: URL) throws {
        self.fileURL = fileURL
        store = try OutboxStore(path: fileURL.path)
    }

    /// Appends a write. The entry is durable when this returns. Throws `invalidRequest` when a
    /// header is not a name/value pair, its name is not an RFC 9110 token or its value holds CR, LF or NUL.
    @discardableResult
    public func enqueue(_ request: OutboxRequest, operationName: String, idempotencyKey: String = UUID().uuidString)
        throws
        -> OutboxEntry
    {
        try OutboxRequestCheck.headers(of: request)
        var request = request
        if let index = request.headers.firstIndex(where: { $0.first?.lowercased() == "idempotency-key" }) {
            request.headers[index] = ["Idempotency-Key", idempotencyKey]
        } else {
            request.headers.append(["Idempotency-Key", idempotencyKey])
        }
        let entry = try store.insert(
            operationName: operationName, idempotencyKey: idempotencyKey, request: request, at: Date())
        publish()
        notifyEnqueued()
        return entry
    }

    /// The writes still to be sent, in order.
    public func pending() throws -> [OutboxEntry] { try store.entries(deadLettered: false) }

    /// The dead-lettered writes.
    public func failed() throws -> [OutboxEntry] { try store.entries(deadLettered: true) }

    /// Rows taken out of the queue as unreadable or unsafe; they are never sent.
    public func quarantined() throws -> [OutboxQuarantinedEntry] { try store.quarantined() }

    /// The current pending, failed and quarantined writes.
    public func snapshot() throws -> OutboxSnapshot {
        OutboxSnapshot(pending: try pending(), failed: try failed(), quarantined: try quarantined())
    }

    /// A stream that yields the current snapshot at once and again after every change.
    public var changes: AsyncStream<OutboxSnapshot> {
        let (stream, continuation) = AsyncStream<OutboxSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        if let snapshot = try? snapshot() { continuation.yield(snapshot) }
        return stream
    }

    /// Sends pending entries in order with `send` (which does its own retrying) until the outbox
    /// is empty or a delivery is deferred. Concurrent calls share one flush.
    public func flush(using send: @escaping @Sendable (OutboxEntry) async -> OutboxDelivery) async throws
        -> OutboxFlushResult
    {
        do {
            return try await flushes.run("flush") { try await self.runFlush(send) }
        } catch is CancellationError {
            throw CancellationError()
        }
    }

    /// Moves a dead-lettered entry back to the pending list (after the user fixed the cause).
    public func retry(_ entry: OutboxEntry) throws {
        try store.requeue(id: entry.id)
        publish()
        notifyEnqueued()
    }

    /// Removes an entry for good (pending or dead-lettered).
    public func discard(_ entry: OutboxEntry) throws {
        try store.remove(id: entry.id)
        publish()
    }

    /// Removes every entry for good — pending, dead-lettered and quarantined — as
    /// `APIClient.signOut()` does for the outboxes its client used: a signed-out user's writes
    /// are never sent with another user's credentials. A write being sent now still completes
    /// with the credentials it started with.
    public func discardAll() throws {
        try store.removeAll()
        publish()
    }

    /// Removes a quarantined row for good.
    public func discard(_ entry: OutboxQuarantinedEntry) throws {
        try store.remove(id: entry.id)
        publish()
    }

    private func runFlush(_ send: @Sendable (OutboxEntry) async -> OutboxDelivery) async throws -> OutboxFlushResult {
        var result = OutboxFlushResult(delivered: 0, deadLettered: 0, remaining: 0, stoppedBecause: nil)
        defer { publish() }
        while let entry = try store.entries(deadLettered: false, limit: 1).first {
            try Task.checkCancellation()
            switch await send(entry) {
            case .delivered:
                try store.remove(id: entry.id)
                result.delivered += 1
            case let .rejected(status, reason):
                try store.recordFailure(id: entry.id, error: reason, status: status, deadLetter: true)
                result.deadLettered += 1
            case let .deferred(reason):
                try store.recordFailure(id: entry.id, error: reason, status: nil, deadLetter: false)
                result.stoppedBecause = reason
                result.remaining = try store.entries(deadLettered: false).count
                return result
            case let .quarantined(reason):
                try store.quarantine(id: entry.id, reason: reason)
                result.quarantined += 1
            }
            publish()
        }
        return result
    }

    /// Calls `observer` after every `enqueue` and `retry` (an `OutboxFlusher` flushes then).
    func onEnqueue(_ observer: @escaping @Sendable () -> Void) -> UUID {
        let id = UUID()
        enqueueObservers.withLock { $0[id] = observer }
        return id
    }

    /// Stops calling an `onEnqueue` observer.
    func removeEnqueueObserver(_ id: UUID) {
        _ = enqueueObservers.withLock { $0.removeValue(forKey: id) }
    }

    private func notifyEnqueued() {
        for observer in enqueueObservers.value.values { observer() }
    }

    private func publish() {
        // Reading the snapshot costs two queries: skip it while nobody observes.
        guard !subscribers.value.isEmpty, let snapshot = try? snapshot() else { return }
        subscribers.withLock { subscribers in
            for continuation in subscribers.values { continuation.yield(snapshot) }
        }
    }
}
