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

    /// Increases with every change, so an observer can ignore what its own fetch caused.
    var sequence: UInt64
    var kind: Kind
    /// The URL changed; nil when a removal may have touched many.
    var url: String?
}

/// Fans cache changes out to observers. With no observer a change costs one lock and a count.
final class CacheChanges: Sendable {
    private struct State {
        var sequence: UInt64 = 0
        var observers: [UUID: AsyncStream<CacheChange>.Continuation] = [:]
    }

    private let state = Locked(State())

    /// How many observers are listening (for tests and diagnostics).
    var observerCount: Int { state.withLock { $0.observers.count } }

    /// The sequence number of the latest change.
    var sequence: UInt64 { state.withLock { $0.sequence } }

    /// Reports a change to every observer.
    func publish(_ kind: CacheChange.Kind, url: String?) {
        let (change, observers) = state.withLock { state -> (CacheChange, [AsyncStream<CacheChange>.Continuation]) in
            state.sequence += 1
            return (CacheChange(sequence: state.sequence, kind: kind, url: url), Array(state.observers.values))
        }
        for observer in observers { observer.yield(change) }
    }

    /// A stream of every later change; it ends when the consumer cancels.
    func stream() -> AsyncStream<CacheChange> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<CacheChange>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        state.withLock { $0.observers[id] = continuation }
        return stream
    }
}
