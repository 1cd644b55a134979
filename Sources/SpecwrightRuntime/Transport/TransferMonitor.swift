import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one HTTP exchange must keep while it runs, checked from a `URLSession` delegate as events
/// arrive: a total deadline (from `resume()` to the last body byte, whatever the server's pace).
///
/// Transport-neutral on purpose: `URLSessionTransport` buffers the body, a streaming transport
/// (issue #19) forwards it, and both run every event through the same monitor so they keep the
/// same limits. Each event method returns the error that ends the exchange, or `nil` to go on.
///
/// `@unchecked Sendable`: the mutable state (`failure`, `deadline`) is only touched under `lock`.
final class TransferMonitor: @unchecked Sendable {
    /// The request as the runtime built it (its timeout and transfer limits).
    let request: HTTPRequest
    private let lock = NSLock()
    private var failure: (any Error)?
    private var deadline: DispatchWorkItem?

    init(request: HTTPRequest) {
        self.request = request
    }

    /// Arms the deadline: after `request.timeout` seconds `cancel` runs and the exchange fails as
    /// timed out. Call once, just before the task starts.
    func armDeadline(cancel: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem { [weak self] in
            guard let self, self.record(URLError(.timedOut)) else { return }
            cancel()
        }
        lock.withLock { deadline = item }
        let nanoseconds = Int(clamping: RequestTimeout.nanoseconds(request.timeout))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    }

    /// Records why the exchange ends (the first reason wins); `false` if it had already ended.
    @discardableResult
    func record(_ error: any Error) -> Bool {
        lock.withLock {
            guard failure == nil else { return false }
            failure = error
            return true
        }
    }

    /// Ends monitoring: disarms the deadline and returns the recorded failure, if any. The
    /// transport reports this failure instead of the cancellation it caused.
    func finish() -> (any Error)? {
        lock.withLock {
            deadline?.cancel()
            deadline = nil
            return failure
        }
    }
}
