import Foundation

/// The effective options of one call: the endpoint's options with the service's and the
/// configuration's defaults filled in.
public struct ResolvedOptions: Sendable, Hashable {
    /// The timeout in seconds.
    public var timeout: TimeInterval
    /// The retry policy.
    public var retry: RetryPolicy
    /// The cache policy.
    public var cache: CachePolicy
    /// Who decides how long stored responses stay fresh.
    public var cacheLifetime: CacheLifetime
    /// Operations whose cached responses a successful call removes (`EndpointOptions.invalidates`).
    public var invalidates: [String]
    /// The credentials the endpoint asks for, with `.inherit` already replaced by the service's scheme.
    public var auth: AuthRequirement
    /// Whether the endpoint is marked idempotent.
    public var isIdempotent: Bool
    /// Whether the endpoint is the configuration gate.
    public var isGate: Bool
    /// How long a successful gate call keeps the gate open (`EndpointOptions.gateMaxAge`).
    public var gateMaxAge: TimeInterval?
    /// Whether the service's envelope applies to the response (`EndpointOptions.usesEnvelope`).
    public var usesEnvelope: Bool

    /// Creates resolved options.
    public init(
        timeout: TimeInterval, retry: RetryPolicy, cache: CachePolicy, auth: AuthRequirement, isIdempotent: Bool,
        isGate: Bool,
        cacheLifetime: CacheLifetime = .server, invalidates: [String] = [], gateMaxAge: TimeInterval? = nil,
        usesEnvelope: Bool = true
    ) {
        self.usesEnvelope = usesEnvelope
        self.gateMaxAge = gateMaxAge
        self.cacheLifetime = cacheLifetime
        self.invalidates = invalidates
        self.timeout = timeout
        self.retry = retry
        self.cache = cache
        self.auth = auth
        self.isIdempotent = isIdempotent
        self.isGate = isGate
    }
}

/// Everything the stages of one logical call share: the built request (before per-attempt
/// interceptors), its options, and identifiers that stay the same on every attempt.
public struct CallContext: Sendable {
    /// The operation name, e.g. `"books.list"`.
    public var operationName: String
    /// The service the call belongs to.
    public var service: ServiceDescription
    /// The built request: URL, static headers, body, timeout. Interceptors adapt a copy per attempt.
    public var request: HTTPRequest
    /// The effective options.
    public var options: ResolvedOptions
    /// The typed error bodies of the endpoint.
    public var errorBodies: [TypedErrorBody]
    /// A unique id of this logical call (also sent as the request id).
    public var callID: UUID
    /// The `Idempotency-Key` sent on every attempt, for idempotent `POST`/`PATCH` calls.
    public var idempotencyKey: String?
    /// The call's trace (attempts, retries, bytes, cache status).
    public var trace: CallTrace
    /// Set by the config gate when its call failed offline: the call may be answered from the
    /// cache, but nothing may be sent (the attempt loop fails at once as offline).
    var isNetworkForbidden = false
    /// Set by `APIClient.refreshGate()`: the gate call goes to the network even while the gate
    /// holds a config (an explicit call of the gate endpoint would be answered with it).
    var refreshesGate = false
    /// The credentials captured when the call started (`CredentialCaptureStage`); every attempt
    /// sends exactly these (a refreshed token replaces the bearer token on a replay).
    var credentials: CallCredentials?
    /// The cache and de-duplication partition captured with them: the account identity, else a
    /// keyed hash of the credentials, else `""` (anonymous). Nil when no consistent snapshot could
    /// be taken; the cache then stays out of the call.
    var partition: String?
    /// Where the attempt loop reports the request it actually sent (the cache matches `Vary` on it).
    var sentRequests: SentRequestLog?

    /// Creates a context.
    public init(
        operationName: String, service: ServiceDescription, request: HTTPRequest, options: ResolvedOptions,
        errorBodies: [TypedErrorBody] = [], callID: UUID = UUID(), idempotencyKey: String? = nil,
        trace: CallTrace = CallTrace()
    ) {
        self.operationName = operationName
        self.service = service
        self.request = request
        self.options = options
        self.errorBodies = errorBodies
        self.callID = callID
        self.idempotencyKey = idempotencyKey
        self.trace = trace
    }

    /// Whether a failed attempt of this call may be retried by its policy: the request may be
    /// repeated (its method is one of the policy's `retryableMethods`, or the endpoint is marked
    /// idempotent) and its body can be sent again (`canResend`).
    public var mayRetry: Bool {
        (options.retry.retryableMethods.contains(request.method) || options.isIdempotent) && canResend
    }

    /// Whether the request's body can be sent again: bytes, a file, a multipart body of files —
    /// not a one-shot stream (`HTTPBody.isReplayable`). An interceptor's explicit retry needs only this.
    public var canResend: Bool {
        request.streamedBody?.isReplayable != false
    }
}
