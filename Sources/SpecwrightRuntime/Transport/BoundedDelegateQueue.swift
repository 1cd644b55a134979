import Foundation

#if canImport(FoundationNetworking)
    /// The delegate queue of `URLSessionTransport`'s session on Linux, which holds a transfer back
    /// when its delegate falls behind.
    ///
    /// FoundationNetworking reads the socket on the session's work queue and hands every event (each
    /// 16 KB body chunk, each download-task write) to the delegate queue with `addOperation`, without
    /// waiting; it has no way to pause a transfer (`suspend()` does not stop one). When the delegate
    /// queue is starved — a loaded machine, a slow progress callback, a slow disk — the chunks and
    /// operations pile up in memory while curl keeps reading (measured: +39–49 MB for a 200 MB
    /// download at load 25). Here `addOperation` waits while ``capacity`` events are queued, so the
    /// work queue stops reading, TCP's window closes and the server slows down: at most
    /// ``capacity`` chunks (1 MB) wait in memory, by construction.
    ///
    /// The events run in order on one serial dispatch queue (cheaper per event than an `Operation`).
    /// An event added from the delegate queue itself never waits, and no wait lasts longer than
    /// ``longestWait``: a delegate callback that blocks on the work queue (none of the runtime's do;
    /// an app's progress callback could) delays the transfer instead of deadlocking it.
    ///
    /// A delegate callback that must wait for the work queue (a completion waiting for a `cancel()`
    /// of its task in progress, `TaskCanceller.complete(_:)`) lifts the bound while it waits
    /// (``withoutBound(_:)``): the work queue may wait for this queue only while this queue is not
    /// waiting for the work queue. Before, each event of every transfer then waited the whole
    /// ``longestWait`` (a 300 KB body: 19 chunks, 38 s), and the cancel with them.
    final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
        /// Events that may wait to run before `addOperation` holds the work queue back.
        static let capacity = 64
        /// The longest `addOperation` waits for a free place (2 s unless a test sets it).
        let longestWait: TimeInterval
        private static let marker = DispatchSpecificKey<Bool>()

        /// Guards `queued` and `lifts`; signalled when a place frees up or the bound is lifted.
        private let condition = NSCondition()
        /// Events holding a place (queued or running).
        private var queued = 0
        /// Callbacks waiting for the work queue now (``withoutBound(_:)``); the bound holds at 0.
        private var lifts = 0
        private let serial = DispatchQueue(label: "SpecwrightRuntime.URLSessionTransport.delegate")

        init(longestWait: TimeInterval = 2) {
            self.longestWait = longestWait
            super.init()
            serial.setSpecific(key: Self.marker, value: true)
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            let holdsPlace = DispatchQueue.getSpecific(key: Self.marker) == nil && takePlace()
            serial.async { [self] in
                block()
                if holdsPlace { freePlace() }
            }
        }

        override func addOperation(_ operation: Operation) {
            addOperation { operation.start() }
        }

        override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
            for operation in operations { addOperation(operation) }
            if wait { for operation in operations { operation.waitUntilFinished() } }
        }

        /// Every event already waits for the ones before it: the serial queue makes any block a barrier.
        override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
            addOperation(barrier)
        }

        /// Runs `body`, which blocks this queue until the session's work queue gets to something,
        /// with the bound lifted: events are queued without waiting, so the work queue cannot wait
        /// for this queue in turn.
        func withoutBound<T>(_ body: () throws -> T) rethrows -> T {
            condition.withLock {
                lifts += 1
                condition.broadcast()
            }
            defer { condition.withLock { lifts -= 1 } }
            return try body()
        }

        /// Waits (at most ``longestWait``) for a place; `false` when the event goes without one
        /// (the wait ran out, or the bound is lifted).
        private func takePlace() -> Bool {
            let deadline = Date(timeIntervalSinceNow: longestWait)
            condition.lock()
            defer { condition.unlock() }
            while queued >= Self.capacity {
                if lifts > 0 || !condition.wait(until: deadline) { return false }
            }
            queued += 1
            return true
        }

        private func freePlace() {
            condition.withLock {
                queued -= 1
                condition.signal()
            }
        }
    }
#endif
