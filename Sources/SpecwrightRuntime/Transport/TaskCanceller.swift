import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancels a session's tasks at most once each, and never a task whose completion the delegate
/// has begun to handle.
///
/// FoundationNetworking crashes the process ("Trying to access a behaviour for a task that in not
/// in the registry", swift-corelibs-foundation#3292) when the second half of a `cancel()` — run
/// later on the task's work queue — meets a task the session already completed and removed from
/// its registry. The session marks a task completed and removes it only after the delegate's
/// `didCompleteWithError` returned, so that callback first waits here (`complete(_:)`) for a
/// `cancel()` of the same task in progress, and a cancel that comes after it is not sent at all.
/// Each task has its own lock: a `cancel()` that waits for a busy work queue (a gzip bomb keeps it
/// decoding) holds back the completion of that task only.
final class TaskCanceller: @unchecked Sendable {
    /// One tracked task. `cancelled` and `completed` are read and written only under `lock`.
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var cancelled = false
        var completed = false
    }

    private let entries = Locked<[Int: Entry]>([:])

    /// Starts tracking `task` (before it is resumed).
    func track(_ task: URLSessionTask) {
        entries.withLock { $0[task.taskIdentifier] = Entry() }
    }

    /// Cancels `task` from a global queue, not awaited: FoundationNetworking's `cancel()` waits
    /// for the session's work queue, which a transfer that keeps decoding keeps busy. Nothing
    /// happens when the task is not tracked, was cancelled already, or has completed by then.
    func cancel(_ task: URLSessionTask) {
        guard let entry = entries.withLock({ $0[task.taskIdentifier] }) else { return }
        DispatchQueue.global().async {
            entry.lock.withLock {
                guard !entry.cancelled, !entry.completed else { return }
                entry.cancelled = true
                task.cancel()
            }
        }
    }

    /// The delegate got `task`'s completion: waits for a `cancel()` of it in progress and keeps
    /// later ones from being sent.
    func complete(_ task: URLSessionTask) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.lock.withLock { entry.completed = true }
    }
}
