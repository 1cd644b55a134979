import Foundation

/// What one attempt of a call is, as interceptors see it.
public struct AttemptContext: Sendable {
    /// The call's context (operation, options, call id, idempotency key, trace).
    public var call: CallContext
    /// The attempt number, starting at 1 (a replay after a token refresh is a new attempt).
    public var attempt: Int
    /// The refreshed bearer token a replay sends (after a rejection), if the bearer token was refreshed.
    public var replayToken: String?
    /// The credentials this attempt sends (set by the attempt loop; `AuthInterceptor` applies them).
    var credentials: CallCredentials?
    /// Refreshed credentials that replace rejected ones on a replay, by scheme.
    var replacements: [AuthScheme: AnyCredential] = [:]

    /// Creates an attempt context.
    public init(call: CallContext, attempt: Int, replayToken: String? = nil) {
        self.call = call
        self.attempt = attempt
        self.replayToken = replayToken
    }
}

/// What a response interceptor wants done with a response.
public enum InterceptorDecision: Sendable, Hashable {
    /// Carry on with status classification.
    case proceed
    /// Retry the call (after `after` seconds, or the policy's backoff when `nil`), whatever the
    /// status; bounded like ``RetryDecision/retry(after:)``: counts as a retry of the call's
    /// policy and spends retry budget.
    case retry(after: TimeInterval?)
}

/// Adapts requests before they are sent and inspects responses before they are classified.
/// Both methods have do-nothing defaults, so an interceptor implements only what it needs.
///
/// Order (documented in docs/runtime.md): request side runs the built-ins (common headers,
/// request id, authentication) and then `ClientConfiguration.interceptors` in array order, the
/// logger last; the response side runs in reverse order (logger first).
public protocol Interceptor: Sendable {
    /// Returns the request to send for this attempt. May suspend and may throw: a thrown error ends
    /// the call, and the caller receives it exactly as thrown (`catch let error as MyError`); only a
    /// `URLError` or a `CancellationError` is read as the runtime's own (a transport failure,
    /// cancellation) and becomes a `SpecwrightError`. An app's error is never offline and never
    /// retried unless an interceptor's `retry` asks for it.
    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest
    /// Sees the response of an attempt; may throw or ask for a retry. A thrown error ends the call
    /// (after `retry` was asked) and reaches the caller as `adapt`'s do.
    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    /// Decides whether a failed attempt is retried, for an error the interceptor understands:
    /// `.retry` retries what the policy would not, `.doNotRetry` vetoes a retry the policy would
    /// make, `.useDefault` leaves it to the others and the policy. Called after every failed
    /// attempt (an HTTP error status, a transport error or timeout, an error an interceptor's
    /// `inspect` threw; not a cancellation), in response order. `request` is the request the
    /// attempt sent. Here an app's own error arrives as a `SpecwrightError` whose `underlyingError`
    /// is that error (`error.underlyingError is MyError`); the caller gets it unwrapped. A thrown
    /// error ends the call at once, like one thrown by `inspect`.
    func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
        -> RetryDecision
}

extension Interceptor {
    /// Leaves the request unchanged.
    public func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        request
    }

    /// Proceeds.
    public func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        .proceed
    }

    /// Leaves the decision to the retry policy.
    public func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
        -> RetryDecision
    {
        .useDefault
    }
}
