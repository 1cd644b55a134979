import Foundation

/// The deadline of a streamed exchange: the response head must arrive within `timeout` seconds,
/// and then each chunk within `timeout` seconds of the one before (`touch()`), so a stream may run
/// for as long as it keeps delivering while a stalled server is still detected. While the
/// consumer holds the producer back (`pause()`), the clock stops: a slow reader is not a slow
/// server.
///
/// One timer per period, not per chunk: when it fires early (there was activity) it sleeps for
/// the rest of the period. `@unchecked Sendable`: the mutable fields are touched only under `lock`.
final class IdleDeadline: @unchecked Sendable {
    private let lock = NSLock()
    private let timeout: UInt64
    private var lastActivity = DispatchTime.now().uptimeNanoseconds
    private var isPaused = false
    private var isStopped = false
    private let expire: @Sendable () -> Void

    /// A deadline of `timeout` seconds that calls `expire` (once, on a global queue) when it passes.
    init(timeout: TimeInterval, expire: @escaping @Sendable () -> Void) {
        self.timeout = RequestTimeout.nanoseconds(timeout)
        self.expire = expire
    }

    /// Starts the clock.
    func arm() {
        lock.withLock { lastActivity = DispatchTime.now().uptimeNanoseconds }
        schedule(after: timeout)
    }

    /// Something arrived: the period starts again.
    func touch() {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock { lastActivity = now }
    }

    /// The consumer holds the producer back: the clock stops until `resume()`.
    func pause() {
        lock.withLock { isPaused = true }
    }

    /// The producer goes on: a new period starts.
    func resume() {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            isPaused = false
            lastActivity = now
        }
    }

    /// The exchange ended: `expire` will not be called.
    func stop() {
        lock.withLock { isStopped = true }
    }

    private func schedule(after nanoseconds: UInt64) {
        let delay = DispatchTimeInterval.nanoseconds(Int(clamping: nanoseconds))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.check() }
    }

    private func check() {
        let now = DispatchTime.now().uptimeNanoseconds
        let remaining: UInt64? = lock.withLock {
            if isStopped { return nil }
            if isPaused { return timeout }
            let elapsed = now &- lastActivity
            if elapsed >= timeout {
                isStopped = true
                return 0
            }
            return timeout - elapsed
        }
        switch remaining {
        case nil: return
        case 0?: expire()
        case let rest?: schedule(after: rest)
        }
    }
}
