import Foundation

/// One change to the cache's contents, as `APIClient.observe` sees it.
struct CacheChange: Sendable {
    /// What happened to the URL.
    enum Kind: Sendable {
        /// A response for the URL was stored or refreshed (304).
        case stored
        /// Entries were removed: for the URL, or — `url == nil` — for an operation, a prefix or
        /// an account (observers re-read whatever they show).
        case removed
    }

    var kind: Kind
    /// The URL changed; nil when a removal may have touched many.
    var url: String?
}

/// Fans cache changes out to observers. With no observer a change costs one lock.
///
/// Each observer watches one URL and hears only the changes that may concern it. Changes are
/// coalesced, not queued: an observer that is busy when several arrive wakes once and re-reads
/// the cache, so a burst of any size costs it one read and never loses the latest state.
final class CacheChanges: Sendable {
    /// The observer on whose behalf the current task reads and fetches: the changes its own
    /// calls cause are not reported back to it.
    @TaskLocal static var origin: ObjectIdentifier?

    private let observers = Locked([ObjectIdentifier: CacheSubscription]())

    /// How many observers are listening (for tests and diagnostics).
    var observerCount: Int { observers.withLock { $0.count } }

    /// Reports a change to every observer it may concern, except the one that caused it.
    func publish(_ kind: CacheChange.Kind, url: String?) {
        let origin = Self.origin
        let concerned = observers.withLock { observers in
            observers.values.filter { url == nil || $0.url == url }
        }
        for subscription in concerned where ObjectIdentifier(subscription) != origin {
            subscription.note(CacheChange(kind: kind, url: url))
        }
    }

    /// Starts watching `url`; the subscription's `wakeups` end when it is cancelled or dropped.
    func subscribe(url: String) -> CacheSubscription {
        let subscription = CacheSubscription(url: url)
        let id = ObjectIdentifier(subscription)
        subscription.onEnd { [weak self] in _ = self?.observers.withLock { $0.removeValue(forKey: id) } }
        observers.withLock { $0[id] = subscription }
        return subscription
    }
}

/// One observer's changes since it last looked: whether its URL was stored (or refreshed) and
/// whether a removal may have touched it, plus a wakeup that never holds more than one signal.
final class CacheSubscription: Sendable {
    /// What happened since the last `take()`.
    struct Pending: Sendable, Equatable {
        var stored = false
        var removed = false
    }

    /// The URL watched.
    let url: String
    private let pending = Locked(Pending())
    /// One element whenever something was noted since the consumer last woke (coalesced).
    let wakeups: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init(url: String) {
        self.url = url
        (wakeups, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Records a change and wakes the consumer.
    func note(_ change: CacheChange) {
        pending.withLock {
            switch change.kind {
            case .stored: $0.stored = true
            case .removed: $0.removed = true
            }
        }
        continuation.yield()
    }

    /// What happened since the last call, and forgets it.
    func take() -> Pending {
        pending.withLock { state in
            defer { state = Pending() }
            return state
        }
    }

    /// Runs `action` once when the subscription ends.
    func onEnd(_ action: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in action() }
    }

    /// Ends `wakeups`.
    func cancel() {
        continuation.finish()
    }
}
