import Foundation

/// What an interceptor wants done after an attempt failed (`Interceptor.retry(_:dueTo:context:)`),
/// in the manner of Alamofire's `RetryResult`.
///
/// The first interceptor (in response order: the app's last interceptor first) that does not
/// answer `useDefault` decides; when all do, the call's `RetryPolicy` decides.
public enum RetryDecision: Sendable, Hashable {
    /// Leave it to the next interceptor and then to the retry policy.
    case useDefault
    /// Retry this failure even if the policy would not (another status, an error of the app's,
    /// a method the policy does not retry), after `after` seconds (capped at `maxDelay` like a
    /// `Retry-After`) — or, when `nil`, after the policy's backoff or the server's `Retry-After`.
    /// Still bounded by the policy's `maxRetries` and `deadline`, the retry budget, and a request
    /// body that can be sent again.
    case retry(after: TimeInterval?)
    /// Do not retry, even if the policy would: the call fails with this error now. (To fail with
    /// an error of the app's instead, throw it from `retry(_:dueTo:context:)`.)
    case doNotRetry
}
