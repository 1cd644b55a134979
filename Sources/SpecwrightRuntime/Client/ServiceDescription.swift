import Foundation

/// Spec-level settings of one service; generated as `static let service = ServiceDescription(...)`.
public struct ServiceDescription: Sendable {
    /// The service name from the spec (logs, metrics, User-Agent).
    public var name: String
    /// The base URL every path is appended to.
    public var baseURL: URL
    /// Headers sent with every request of the service.
    public var headers: [HTTPHeader]
    /// How requests of endpoints that do not name their own requirement (`AuthRequirement.inherit`,
    /// e.g. hand-written endpoints) authenticate.
    public var auth: AuthScheme
    /// How dates are encoded in bodies and queries and decoded from responses.
    public var dates: DateCoding
    /// The response envelope, if the API wraps payloads (`{code, message, data}`).
    public var envelope: EnvelopeFormat?
    /// The default request timeout in seconds.
    public var timeout: TimeInterval
    /// The default retry policy.
    public var retry: RetryPolicy
    /// The default cache policy.
    public var cache: CachePolicy
    /// The spec's `gate: true` endpoint: until it has succeeded once, every other request waits
    /// for it (see `ConfigGate`). Nil when the spec has no gate.
    public var gateEndpoint: (any Endpoint)?

    /// Creates a service description.
    public init(
        name: String, baseURL: URL, headers: [HTTPHeader] = [], auth: AuthScheme = .none,
        dates: DateCoding = .iso8601, envelope: EnvelopeFormat? = nil,
        timeout: TimeInterval = 30, retry: RetryPolicy = .default, cache: CachePolicy = .networkOnly,
        gateEndpoint: (any Endpoint)? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.auth = auth
        self.dates = dates
        self.envelope = envelope
        self.timeout = timeout
        self.retry = retry
        self.cache = cache
        self.gateEndpoint = gateEndpoint
    }
}

/// The response envelope of APIs that wrap every payload, e.g. `{"code": 0, "message": "", "data": {...}}`.
/// The data layer unwraps it: success codes yield `data`, session-expired codes end the session,
/// token-expired codes refresh the credentials and replay the call, other codes become
/// `SpecwrightError.Kind.business`.
public struct EnvelopeFormat: Sendable, Hashable {
    /// The key of the business code.
    public var codeKey: String
    /// The key of the human-readable message.
    public var messageKey: String
    /// The key of the payload.
    public var dataKey: String
    /// The codes that mean success.
    public var successCodes: [Int]
    /// The codes that mean the session has expired.
    public var sessionExpiredCodes: [Int]
    /// The codes that mean the credentials were rejected (an expired token): like a 401, they
    /// make the call's refreshing `Authenticator` refresh once and replay the call; without one,
    /// or when the replay gets such a code too, they end the session like `sessionExpiredCodes`.
    public var tokenExpiredCodes: [Int]

    /// Creates an envelope format.
    public init(
        codeKey: String, messageKey: String, dataKey: String, successCodes: [Int], sessionExpiredCodes: [Int],
        tokenExpiredCodes: [Int] = []
    ) {
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.dataKey = dataKey
        self.successCodes = successCodes
        self.sessionExpiredCodes = sessionExpiredCodes
        self.tokenExpiredCodes = tokenExpiredCodes
    }
}
