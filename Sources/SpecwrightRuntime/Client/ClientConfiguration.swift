import Foundation

/// App-side configuration of an `APIClient`. Every property has a default, so
/// `ClientConfiguration()` is a production-ready setup for services without authentication.
///
/// Credentials: set the providers of the schemes your endpoints ask for. When an endpoint
/// accepts alternatives (a bearer token *or* an API key), the first alternative whose providers
/// are all set is sent; endpoints that ask for no credentials get none (see `AuthRequirement`).
public struct ClientConfiguration: Sendable {
    /// Replaces the service's base URL (staging, a local server); `nil` keeps the spec's.
    public var baseURL: URL?
    /// The transport; `nil` creates a `URLSessionTransport` (one session per client).
    public var transport: (any HTTPTransport)?
    /// Bearer tokens and their refresh, for endpoints that ask for `AuthScheme.bearer` (OpenAPI
    /// `http bearer`, OAuth 2, OpenID Connect).
    public var tokenProvider: TokenProvider?
    /// The user name and password for endpoints that ask for `AuthScheme.basic`; asked before
    /// every attempt (`nil`: send none).
    public var basicCredentialsProvider: (@Sendable () async throws -> BasicCredentials?)?
    /// The API key of each API-key scheme, by the header, query parameter or cookie name it is
    /// sent under (`"X-Api-Key"`); for documents with several keys. When it is not set or returns
    /// `nil`, `apiKeyProvider` is asked.
    public var apiKeys: (@Sendable (_ name: String) async throws -> String?)?
    /// The API key for every API-key scheme (`AuthScheme.apiKeyHeader` / `.apiKeyQuery` / `.apiKeyCookie`).
    public var apiKeyProvider: (@Sendable () async throws -> String?)?
    /// The app's own `Authenticator` for a scheme (a signed request, a custom token, a credential
    /// with its own refresh), replacing the built-in one made from the providers above. Used
    /// exactly where an endpoint's `AuthRequirement` asks for the scheme. Empty by default.
    public var authenticators: [AuthScheme: any Authenticator] = [:]
    /// The app's interceptors, run after the built-ins (see docs/runtime.md for the order).
    public var interceptors: [any Interceptor]
    /// The app's stages inside the data layer: between it (gate, envelope, cache, de-duplication)
    /// and the attempt loop, in array order (the first one outermost). They see each call that goes
    /// to the network once, with the body as the server sent it (envelopes still wrapped), and
    /// never a call the cache answered. Empty by default; the whole order is on `CallPipeline`.
    public var stages: [any CallStage]
    /// The app's stages outside the data layer, in array order (the first one outermost): they
    /// see every call, before the config gate holds it back and whether or not the cache answers
    /// it, and its response after envelope unwrapping. Empty by default.
    public var stagesBeforeDataLayer: [any CallStage]
    /// Replaces the service's default retry policy (endpoint policies and `retryPoliciesByOperation`
    /// still win); `nil` keeps it.
    public var retryPolicy: RetryPolicy?
    /// The client-wide retry budget; `nil` disables it (not recommended).
    public var retryBudget: RetryBudget.Configuration?
    /// The limit on credential refreshes per time window (per scheme).
    public var refreshWindow: RefreshWindow
    /// The deadline of one credential refresh, in seconds: a refresh still running then is
    /// cancelled and dropped (the calls waiting for it fail with `timeout`; the next rejection
    /// starts a new one).
    public var refreshTimeout: TimeInterval
    /// `User-Agent`, `Accept`, `Accept-Language` and optional provider headers.
    public var commonHeaders: CommonHeaders
    /// The header carrying the per-call request id (the same on every attempt); `nil` sends none.
    public var requestIDHeader: String?
    /// Request/response logging (on in debug builds only by default).
    public var logging: LoggingConfiguration
    /// Receivers of one `CallEvent` per call (e.g. a `MetricsAggregator`).
    public var metrics: [any MetricsObserver]
    /// Time and sleeping; replace in tests so backoff never sleeps for real.
    public var clock: any RuntimeClock
    /// The jitter source, returning values in `0...1`; replace in tests for determinism.
    public var random: @Sendable () -> Double
    /// Allows plain `http://` to hosts other than loopback (refused by default, like App Transport Security).
    public var allowsInsecureHTTP: Bool
    /// Limits on every exchange (response size); see `TransferLimits` for the defaults and why.
    public var transferLimits: TransferLimits = .default
    /// The app's retry policy for single operations, by operation name (`"books.list"`): it wins
    /// over the endpoint's own policy (`EndpointOptions.retry`, from the spec) and `retryPolicy`.
    /// Empty by default.
    public var retryPoliciesByOperation: [String: RetryPolicy] = [:]
    /// Replaces the decoder built from the service's `DateCoding`.
    public var decoder: JSONDecoder?
    /// Replaces the encoder built from the service's `DateCoding`. The client marks it as one that
    /// writes requests (`CodingUserInfoKey.specwrightRequest`: read-only properties are left out), so
    /// it is not the encoder for values an app stores.
    public var encoder: JSONEncoder?
    /// The data layer: HTTP cache, account identity, session expiry, config gate, de-duplication.
    public var dataLayer: DataLayerConfiguration

    /// Creates a configuration; see each property for its default.
    public init(
        baseURL: URL? = nil, transport: (any HTTPTransport)? = nil, tokenProvider: TokenProvider? = nil,
        basicCredentialsProvider: (@Sendable () async throws -> BasicCredentials?)? = nil,
        apiKeys: (@Sendable (_ name: String) async throws -> String?)? = nil,
        apiKeyProvider: (@Sendable () async throws -> String?)? = nil,
        authenticators: [AuthScheme: any Authenticator] = [:],
        interceptors: [any Interceptor] = [],
        stages: [any CallStage] = [], stagesBeforeDataLayer: [any CallStage] = [], retryPolicy: RetryPolicy? = nil,
        retryBudget: RetryBudget.Configuration? = .default, refreshWindow: RefreshWindow = .default,
        refreshTimeout: TimeInterval = ClientConfiguration.defaultRefreshTimeout,
        commonHeaders: CommonHeaders = .default, requestIDHeader: String? = ClientConfiguration.defaultRequestIDHeader,
        logging: LoggingConfiguration = LoggingConfiguration(), metrics: [any MetricsObserver] = [],
        clock: any RuntimeClock = SystemClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        allowsInsecureHTTP: Bool = false, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil,
        dataLayer: DataLayerConfiguration = DataLayerConfiguration()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.tokenProvider = tokenProvider
        self.basicCredentialsProvider = basicCredentialsProvider
        self.apiKeys = apiKeys
        self.apiKeyProvider = apiKeyProvider
        self.authenticators = authenticators
        self.interceptors = interceptors
        self.stages = stages
        self.stagesBeforeDataLayer = stagesBeforeDataLayer
        self.retryPolicy = retryPolicy
        self.retryBudget = retryBudget
        self.refreshWindow = refreshWindow
        self.refreshTimeout = refreshTimeout
        self.commonHeaders = commonHeaders
        self.requestIDHeader = requestIDHeader
        self.logging = logging
        self.metrics = metrics
        self.clock = clock
        self.random = random
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.decoder = decoder
        self.encoder = encoder
        self.dataLayer = dataLayer
    }

    /// 30 s, the spec format's default request timeout: a refresh is one request to the
    /// authorization server, and every authenticated call waits for it.
    public static let defaultRefreshTimeout: TimeInterval = 30

    /// `X-Request-Id`: the de-facto header (Heroku, Rails, nginx `$request_id`) servers log and echo.
    public static let defaultRequestIDHeader = "X-Request-Id"
}
