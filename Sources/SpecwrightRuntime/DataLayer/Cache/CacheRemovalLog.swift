import Foundation

/// The removals an `HTTPCache` made recently, numbered, so that a response fetched while one of
/// them happened is not stored over it.
///
/// A read takes a ``mark()`` before it looks up its stored copy; when its answer arrives it is
/// stored only if no removal since the mark covers it. Without this, an answer on its way during
/// `signOut()` puts the signed-out account's data back on disk, and a list fetched before a
/// write lands after the write's invalidation and is served, without the write, until it expires
/// (TanStack Query and Apollo cancel or ignore in-flight queries on invalidation for the same
/// reason). Removals and guarded stores run under one lock, so none falls between a check and its
/// store.
final class CacheRemovalLog: Sendable {
    /// What one removal covered.
    enum Scope: Sendable {
        case everything
        case account(String)
        case key(CacheKey)
        case url(String)
        case operation(String)
        /// A URL prefix as `HTTPCache.removeAll(urlPrefix:)` normalises it.
        case urlPrefix(String)

        /// Whether this removal covers a response for `key` of the operation `operation`.
        func covers(_ key: CacheKey, operation: String?) -> Bool {
            switch self {
            case .everything: return true
            case let .account(account): return key.account == account
            case let .key(removed): return key == removed
            case let .url(url): return key.url == url
            case let .operation(removed): return operation == removed
            case let .urlPrefix(prefix): return HTTPCache.url(key.url, isBelow: prefix)
            }
        }

        /// Whether this removal covers the batch elements of `operation` in `partition`
        /// (`BatchElementStore`, which clears all its elements on a URL or prefix removal).
        func coversElements(partition: String, operation: String) -> Bool {
            switch self {
            case .everything, .url, .urlPrefix: return true
            case let .account(account): return partition == account
            case let .operation(removed): return operation == removed
            case .key: return false
            }
        }
    }

    /// A point in the sequence of removals.
    struct Mark: Sendable, Hashable {
        fileprivate let serial: UInt64
    }

    /// How many removals are remembered: 256 — far more than happen during one request. A read
    /// older than the oldest one remembered is not stored (it is fetched again next time).
    static let capacity = 256

    private struct State {
        var next: UInt64 = 0
        var recent: [(serial: UInt64, scope: Scope)] = []
    }

    private let state = Locked(State())

    /// Now: removals made later are "since" this mark.
    func mark() -> Mark { state.withLock { Mark(serial: $0.next) } }

    /// Records a removal of `scope` and runs `remove` under the log's lock.
    func remove(_ scope: Scope, _ remove: () -> Void) {
        state.withLock { state in
            state.recent.append((state.next, scope))
            state.next += 1
            if state.recent.count > Self.capacity { state.recent.removeFirst(state.recent.count - Self.capacity) }
            remove()
        }
    }

    /// Runs `store` under the log's lock unless a removal since `mark` is one that `covers`;
    /// returns whether it ran.
    func store(ifNotRemovedSince mark: Mark, coveredBy covers: (Scope) -> Bool, _ store: () -> Void) -> Bool {
        state.withLock { state in
            if mark.serial < state.next {
                guard let oldest = state.recent.first, oldest.serial <= mark.serial else { return false }
                if state.recent.contains(where: { $0.serial >= mark.serial && covers($0.scope) }) { return false }
            }
            store()
            return true
        }
    }
}
