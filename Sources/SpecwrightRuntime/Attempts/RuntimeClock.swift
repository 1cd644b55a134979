import Foundation

/// The runtime's source of time: a monotonic clock for durations, the wall clock for
/// `Retry-After` dates, and sleeping for backoff. Injectable so tests never sleep for real.
public protocol RuntimeClock: Sendable {
    /// Monotonic seconds since an arbitrary origin (durations only).
    func now() -> TimeInterval
    /// The wall-clock date (to evaluate `Retry-After: <HTTP-date>`, and the HTTP cache's ages and lifetimes).
    func currentDate() -> Date
    /// Suspends for `seconds`; throws `CancellationError` as soon as the task is cancelled.
    func sleep(for seconds: TimeInterval) async throws
}

extension RuntimeClock {
    /// The system date.
    public func currentDate() -> Date { Date() }
}

/// The real clock: `ContinuousClock` for durations and sleeping.
public struct SystemClock: RuntimeClock {
    private static let origin = ContinuousClock.now

    /// Creates the system clock.
    public init() {}

    /// Seconds since the first use of the clock in this process.
    public func now() -> TimeInterval {
        let elapsed = ContinuousClock.now - Self.origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// `Task.sleep`, which throws `CancellationError` immediately on cancellation.
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
    }
}
