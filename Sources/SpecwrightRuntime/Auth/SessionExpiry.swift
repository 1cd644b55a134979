import Foundation

/// Why a session ended.
public enum SessionExpiryReason: Sendable, Hashable {
    /// The service's envelope carried one of its `sessionExpired` codes.
    case businessCode(Int, message: String?)
    /// The token refresh after a 401 could not renew the session: the refresh failed, the server
    /// rejected the refreshed token too, or more refreshes than `RefreshWindow` allows were needed.
    /// The `SpecwrightError` the call fails with says which.
    case refreshFailed
    /// The app reported it for another reason (the runtime never uses this case).
    case other(String)
}

/// One "the session has expired" event: publish it once, log the user out once.
public struct SessionExpiredEvent: Sendable, Hashable {
    /// Why the session ended.
    public var reason: SessionExpiryReason
    /// The operation whose response revealed it (e.g. `books.list`), when known.
    public var operationName: String?

    /// Creates an event.
    public init(reason: SessionExpiryReason, operationName: String? = nil) {
        self.reason = reason
        self.operationName = operationName
    }
}

/// Publishes session expiry exactly once per session, however many requests fail with it at once.
///
/// Observe `events` (each access makes a new stream; every stream gets every event) or register a
/// handler with `onExpired`. After the user logs in again, call `didLogIn()` to re-arm it.
/// Pass the same instance to `ClientConfiguration` to share it between clients.
public final class SessionExpiry: Sendable {
    private struct State {
        var isExpired = false
        var subscribers: [UUID: AsyncStream<SessionExpiredEvent>.Continuation] = [:]
        var handlers: [@Sendable (SessionExpiredEvent) -> Void] = []
        var published = 0
    }

    private let state = Locked(State())

    /// Creates an armed notifier (the session is considered live).
    public init() {}

    /// A stream of session-expired events from now on; it ends when the subscriber stops iterating.
    public var events: AsyncStream<SessionExpiredEvent> {
        let (stream, continuation) = AsyncStream<SessionExpiredEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { $0.subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `handler` for every published event (on the reporting task; keep it short).
    public func onExpired(_ handler: @escaping @Sendable (SessionExpiredEvent) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Whether the current session has been reported expired (and `didLogIn()` not called since).
    public var isExpired: Bool { state.withLock { $0.isExpired } }

    /// How many events have been published since this notifier was created.
    public var publishedCount: Int { state.withLock { $0.published } }

    /// Reports that the session expired; publishes the event only for the first report of the
    /// session. Returns whether this call published it.
    @discardableResult
    public func report(_ event: SessionExpiredEvent) -> Bool {
        let handlers = state.withLock { state -> [@Sendable (SessionExpiredEvent) -> Void]? in
            guard !state.isExpired else { return nil }
            state.isExpired = true
            state.published += 1
            for continuation in state.subscribers.values { continuation.yield(event) }
            return state.handlers
        }
        guard let handlers else { return false }
        for handler in handlers { handler(event) }
        return true
    }

    /// Re-arms the notifier for a new session: the next expiry is published again.
    public func didLogIn() {
        state.withLock { $0.isExpired = false }
    }
}
