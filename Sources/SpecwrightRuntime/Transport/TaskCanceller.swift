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
///
/// That wait runs on the delegate queue and lasts until the session's work queue runs the cancel;
/// on Linux the work queue may itself wait for the delegate queue to make room
/// (`BoundedDelegateQueue`), so the bound is lifted for as long as a completion waits here.
final class TaskCanceller: @unchecked Sendable {
    /// One tracked task. `cancelled` and `completed` are read and written only under `lock`.
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var cancelled = false
        var completed = false
    }

    private let entries = Locked<[Int: Entry]>([:])
    #if canImport(FoundationNetworking)
        /// The session's delegate queue, whose bound a completion lifts while it waits for a cancel.
        private let delegateQueue: BoundedDelegateQueue?

        init(delegateQueue: BoundedDelegateQueue? = nil) {
            self.delegateQueue = delegateQueue
        }
    #endif

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
        if entry.lock.try() {  // no cancel in progress: the common case
            entry.completed = true
            entry.lock.unlock()
            return
        }
        #if canImport(FoundationNetworking)
            if let delegateQueue {
                return delegateQueue.withoutBound { entry.lock.withLock { entry.completed = true } }
            }
        #endif
        entry.lock.withLock { entry.completed = true }
    }
}
