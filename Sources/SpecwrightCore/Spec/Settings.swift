import SpecwrightYAML

/// How requests authenticate (`auth:` at the top level or on an endpoint).
public enum AuthSetting: Hashable, Sendable {
    /// No credentials.
    case none
    /// `Authorization: Bearer <token>` from the app's token provider.
    case bearer
    /// An API key sent in the named header (`{ apiKey: { header: X-Api-Key } }`).
    case apiKeyHeader(String)
    /// An API key sent as the named query parameter (`{ apiKey: { query: api_key } }`).
    case apiKeyQuery(String)
}

/// How `Date` values appear in JSON (`dates:`).
public enum DateEncoding: String, Hashable, Sendable, CaseIterable {
    /// ISO 8601 text, with or without fractional seconds.
    case iso8601
    /// Seconds since 1970-01-01T00:00:00Z as a number.
    case secondsSince1970
    /// Milliseconds since 1970-01-01T00:00:00Z as a number.
    case millisecondsSince1970
}

/// The HTTP method of an endpoint (the key among `get`/`post`/`put`/`patch`/`delete`/`head`).
public enum EndpointMethod: String, Hashable, Sendable, CaseIterable {
    /// `GET`.
    case get
    /// `POST`.
    case post
    /// `PUT`.
    case put
    /// `PATCH`.
    case patch
    /// `DELETE`.
    case delete
    /// `HEAD`.
    case head

    /// Whether the method is idempotent by HTTP semantics (RFC 9110 §9.2.2).
    public var isIdempotentByDefault: Bool {
        switch self {
        case .get, .put, .delete, .head: true
        case .post, .patch: false
        }
    }

    /// The upper-case method token (`GET`).
    public var token: String { rawValue.uppercased() }
}

/// The response envelope (`envelope:`): every JSON response is `{code, message, data}`.
public struct EnvelopeSetting: Hashable, Sendable {
    /// JSON key of the business code.
    public let codeKey: String
    /// JSON key of the human-readable message.
    public let messageKey: String
    /// JSON key of the payload.
    public let dataKey: String
    /// Codes that mean success.
    public let successCodes: [Int]
    /// Codes that mean the session expired (logout once).
    public let sessionExpiredCodes: [Int]
    /// Codes that mean the credentials were rejected (refresh once, then replay).
    public let tokenExpiredCodes: [Int]
    /// Where `envelope:` is written.
    public let location: SourceLocation
}

/// Cache settings (`cache: none` or `cache: { policy, ttl }`).
public enum CacheSetting: Hashable, Sendable {
    /// Never cache (the runtime's `networkOnly`).
    case none
    /// HTTP caching exactly as the server's `Cache-Control` / `Expires` / `ETag` say (RFC 9111),
    /// with no app ttl and no heuristic freshness (the runtime's `CachePolicy.http`).
    case http
    /// Serve a fresh cached response without asking the network.
    case cacheFirst(ttl: Double)
    /// Ask the network; fall back to the cache when offline.
    case networkFirst(ttl: Double)
    /// Serve the cached response and refresh it in the background.
    case staleWhileRevalidate(ttl: Double)

    /// The policy names accepted in `policy:`.
    public static let policyNames = ["cacheFirst", "networkFirst", "staleWhileRevalidate"]
}

/// Who decides how long an endpoint's cached responses stay fresh: `cache: { …, lifetime: app }`
/// (the runtime's `CacheLifetime`).
public enum CacheLifetimeSetting: String, Hashable, Sendable, CaseIterable {
    /// The server's caching headers (RFC 9111); the policy's ttl only when they state no lifetime.
    case server
    /// The policy's ttl, whatever the server's caching headers say.
    case app
}

/// Settings endpoints inherit (`defaults:`).
public struct EndpointDefaults: Hashable, Sendable {
    /// Request timeout in seconds.
    public let timeout: Double
    /// Retry settings.
    public let retry: RetrySetting
    /// Cache settings.
    public let cache: CacheSetting

    /// What an omitted `defaults:` (or an omitted key in it) means: 30 s, standard retry, no cache.
    public static let standard = EndpointDefaults(timeout: 30, retry: .standard, cache: .none)
}
