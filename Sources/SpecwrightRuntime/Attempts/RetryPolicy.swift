import Foundation

/// How often and how patiently a failed attempt is retried.
///
/// The delay before retry *n* (1-based) is `min(maxDelay, baseDelay × 2^(n−1))`; with full
/// jitter (the default, "Exponential Backoff And Jitter", AWS Architecture Blog 2015) the
/// actual delay is drawn uniformly from `0...that`. A `Retry-After` header replaces the
/// computed delay and is clamped to `maxDelay` (unless `honoursLongRetryAfter`).
///
/// What is retried is the policy's choice too: `retryableStatuses`, `retryableTransportErrors`
/// (timeouts always are), and only for requests that may be repeated: `retryableMethods` (RFC 9110
/// idempotent methods by default) or endpoints marked idempotent. An interceptor can overrule all
/// three for an error it understands (`Interceptor.retry(_:dueTo:context:)`). `deadline` bounds
/// the whole call, all attempts and waits together.
///
/// A call's policy is, first found: the app's policy for its operation
/// (`ClientConfiguration.retryPoliciesByOperation`), the endpoint's (`EndpointOptions.retry`, from
/// the spec), the app's client-wide one (`ClientConfiguration.retryPolicy`), the service's default.
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
    /// The longest the whole call may take, in seconds from its first attempt: every attempt and
    /// every wait between them. A retry whose wait would not end before the deadline is not made
    /// (the last error is thrown), and each attempt's timeout is cut to what is left. `nil`: only
    /// `maxRetries` and the per-attempt timeout bound the call.
    public var deadline: TimeInterval?
    /// Whether a `Retry-After` longer than `maxDelay` is waited for in full (still within
    /// `deadline`, which should then be set); `false` (the default) clamps it to `maxDelay`.
    public var honoursLongRetryAfter: Bool
    /// The HTTP statuses that are retried (a 401 never is: it triggers a token refresh).
    public var retryableStatuses: Set<Int>
    /// The `URLError` codes that are retried; a timeout of an attempt is always retried.
    public var retryableTransportErrors: Set<URLError.Code>
    /// The methods whose requests are retried; an endpoint marked idempotent
    /// (`EndpointOptions.isIdempotent`) is retried whatever its method.
    public var retryableMethods: Set<HTTPMethod>

    /// Creates a policy. Negative values are treated as zero; a `deadline` that is not a positive,
    /// finite number means none.
    public init(
        maxRetries: Int, baseDelay: TimeInterval, maxDelay: TimeInterval, jitter: Jitter = .full,
        deadline: TimeInterval? = nil,
        honoursLongRetryAfter: Bool = false, retryableStatuses: Set<Int> = RetryPolicy.defaultRetryableStatuses,
        retryableTransportErrors: Set<URLError.Code> = RetryPolicy.defaultRetryableTransportErrors,
        retryableMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableMethods
    ) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.jitter = jitter
        self.deadline = deadline.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.honoursLongRetryAfter = honoursLongRetryAfter
        self.retryableStatuses = retryableStatuses
        self.retryableTransportErrors = retryableTransportErrors
        self.retryableMethods = retryableMethods
    }

    /// 408, 429, 500, 502, 503, 504: the statuses that say "try again" (RFC 9110 §15.5.9, §15.6;
    /// RFC 6585 §4).
    public static let defaultRetryableStatuses: Set<Int> = SpecwrightError.retryableStatuses

    /// Connection lost, cannot connect, host or DNS lookup failed, not connected, timed out.
    public static let defaultRetryableTransportErrors: Set<URLError.Code> = SpecwrightError.retryableTransportCodes

    /// `GET`, `HEAD`, `PUT`, `DELETE`: the methods RFC 9110 §9.2.2 defines as idempotent, so a
    /// retry cannot repeat a side effect.
    public static let defaultRetryableMethods: Set<HTTPMethod> = Set(HTTPMethod.allCases.filter(\.isIdempotent))

    /// Whether this policy retries `error` (before the idempotency, retry count, budget and deadline checks).
    public func retries(_ error: SpecwrightError) -> Bool {
        switch error.kind {
        case .timeout: return true
        case .transport(let failure): return retryableTransportErrors.contains(failure.code)
        case .httpStatus(let failure): return retryableStatuses.contains(failure.status)
        default: return false
        }
    }

    /// The longest wait before a retry, 3600 s, whatever the policy and the server say: a call
    /// that would wait longer (an honoured `Retry-After` of days) fails at once with the server's
    /// answer, whose `Retry-After` the app can read and act on.
    static let longestWait: TimeInterval = 3600

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
            return honoursLongRetryAfter ? max(0, retryAfter) : min(maxDelay, max(0, retryAfter))
        }
        let ceiling = backoffCeiling(forRetry: retry)
        switch jitter {
        case .none: return ceiling
        case .full: return ceiling * min(1, max(0, random()))
        }
    }
}
