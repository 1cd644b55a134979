import Foundation

/// Per-endpoint options; `nil` means "use the service's value".
public struct EndpointOptions: Sendable, Hashable {
    /// The request timeout in seconds; `nil` → the service default.
    public var timeout: TimeInterval?
    /// The retry policy; `nil` → the service default, `RetryPolicy.none` disables retries.
    public var retry: RetryPolicy?
    /// The cache policy; `nil` → the service default (`networkOnly` unless the spec says otherwise).
    public var cache: CachePolicy?
    /// Who decides how long stored responses stay fresh; `nil` → `.server` (RFC 9111). `.app`
    /// makes the cache policy's `ttl` win over the server's caching headers.
    public var cacheLifetime: CacheLifetime?
    /// Operations (`operationName`s, e.g. `books.get`) whose cached responses a successful call
    /// of this (unsafe) endpoint removes, in every account (the spec's `invalidates:`).
    public var invalidates: [String]
    /// The credentials the endpoint asks for; `.inherit` → the service's `AuthScheme`.
    public var auth: AuthRequirement
    /// Whether a `POST`/`PATCH` may be retried; an `Idempotency-Key` is then sent (the same on every attempt).
    public var isIdempotent: Bool
    /// Whether this endpoint is the configuration gate other requests wait for.
    public var isGate: Bool
    /// For the gate: how many seconds one successful gate call keeps the gate open (the spec's
    /// `gate: { maxAge: … }`); nil: until `ConfigGate.reset()`. A `ConfigGate(maxAge:)` wins.
    public var gateMaxAge: TimeInterval?
    /// The media types the operation's success response comes in (`image/png`,
    /// `application/x-ndjson`, `*/*` …), sent as `Accept` instead of the service's static `Accept`
    /// and `CommonHeaders.accept`; only an `Accept` among the endpoint's own headers wins over it.
    /// `nil`: the service's.
    public var accept: String?
    /// Whether the service's `EnvelopeFormat` applies to this endpoint's responses; `false` (the
    /// spec's `envelope: false`): the body is decoded as the plain response type, with no
    /// business-code checks and no token refresh from a body code. Ignored without a service envelope.
    public var usesEnvelope: Bool

    /// Creates options; every parameter defaults to "inherit".
    public init(
        timeout: TimeInterval? = nil, retry: RetryPolicy? = nil, cache: CachePolicy? = nil,
        auth: AuthRequirement = .inherit, isIdempotent: Bool = false, isGate: Bool = false,
        cacheLifetime: CacheLifetime? = nil, invalidates: [String] = [], gateMaxAge: TimeInterval? = nil,
        accept: String? = nil, usesEnvelope: Bool = true
    ) {
        self.usesEnvelope = usesEnvelope
        self.accept = accept
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
