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
    final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
        /// Events that may wait to run before `addOperation` holds the work queue back.
        static let capacity = 64
        /// The longest `addOperation` waits for a free place.
        static let longestWait = DispatchTimeInterval.seconds(2)
        private static let marker = DispatchSpecificKey<Bool>()

        private let places = DispatchSemaphore(value: capacity)
        private let serial = DispatchQueue(label: "SpecwrightRuntime.URLSessionTransport.delegate")

        override init() {
            super.init()
            serial.setSpecific(key: Self.marker, value: true)
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            let holdsPlace =
                DispatchQueue.getSpecific(key: Self.marker) == nil
                && places.wait(timeout: .now() + Self.longestWait) == .success
            serial.async { [places] in
                block()
                if holdsPlace { places.signal() }
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
    }
#endif
