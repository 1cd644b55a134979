import Foundation

/// How often and how patiently a failed attempt is retried.
///
/// The delay before retry *n* (1-based) is `min(maxDelay, baseDelay × 2^(n−1))`; with full
/// jitter (the default, "Exponential Backoff And Jitter", AWS Architecture Blog 2015) the
/// actual delay is drawn uniformly from `0...that`. A `Retry-After` header replaces the
/// computed delay and is clamped to `maxDelay`.
public struct RetryPolicy: Sendable, Hashable {
    /// How the computed delay is randomised.
    public enum Jitter: Sendable, Hashable {
        /// Uniform in `0...delay`: spreads synchronized clients best (the default).
        case full
        /// The exact exponential delay (deterministic; for tests and special cases).
        case none
    }

    /// The number of retries after the first attempt (`0` = never retry).
    public var maxRetries: Int
    /// The delay before the first retry, in seconds, before jitter.
    public var baseDelay: TimeInterval
    /// The upper bound of any delay, including one asked for by `Retry-After`, in seconds.
    public var maxDelay: TimeInterval
    /// The jitter mode.
    public var jitter: Jitter

    /// Creates a policy. Negative values are treated as zero.
    public init(maxRetries: Int, baseDelay: TimeInterval, maxDelay: TimeInterval, jitter: Jitter = .full) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.jitter = jitter
    }

    /// Never retry.
    public static let none = RetryPolicy(maxRetries: 0, baseDelay: 0, maxDelay: 0, jitter: .none)

    /// 3 retries, 0.5 s base, 8 s cap, full jitter: four attempts in total, as in the AWS SDKs'
    /// standard mode and gRPC's default retry policy; the cap keeps a worst case under ~16 s
    /// of waiting, below a typical 30 s request timeout budget.
    public static let `default` = RetryPolicy(maxRetries: 3, baseDelay: 0.5, maxDelay: 8)

    /// The exponential delay before retry `retry` (1-based), before jitter, capped at `maxDelay`.
    public func backoffCeiling(forRetry retry: Int) -> TimeInterval {
        let exponent = Double(max(0, min(retry - 1, 62)))
        return min(maxDelay, baseDelay * pow(2, exponent))
    }

    /// The delay before retry `retry` (1-based): `Retry-After` (clamped) when given, else the
    /// jittered exponential backoff. `random` returns a value in `0...1` (injectable for tests).
    public func delay(
        forRetry retry: Int, retryAfter: TimeInterval? = nil,
        random: () -> Double = { Double.random(in: 0...1) }
    ) -> TimeInterval {
        if let retryAfter {
            return min(maxDelay, max(0, retryAfter))
        }
        let ceiling = backoffCeiling(forRetry: retry)
        switch jitter {
        case .none: return ceiling
        case .full: return ceiling * min(1, max(0, random()))
        }
    }
}
