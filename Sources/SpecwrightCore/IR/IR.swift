/// The generator's intermediate representation: a resolved, Swift-ready model of an API.
///
/// Front ends (the Specwright spec and OpenAPI 3.0/3.1) lower their documents into an
/// ``IR/API``; the renderer turns it into template contexts. Everything in the IR is already
/// safe to paste into Swift source: names are ``IR/Identifier``s made by ``NameScope``,
/// strings that become literals are ``IR/StringLiteral``s, descriptions are
/// ``IR/Documentation``. Templates therefore never escape anything. See `docs/ir.md`.
public enum IR {}

extension IR {
    /// The root of the IR: one API, everything needed to write its client.
    public struct API: Hashable, Sendable {
        /// The spec's file name (no directories), written into the generated header.
        public var sourceFile: String
        /// The service name as a type prefix, e.g. `Bookstore`.
        public var name: Identifier
        /// The service's description.
        public var documentation: Documentation
        /// Spec-level settings, generated as the client's `static let service`.
        public var service: Service
        /// Declared types in spec order.
        public var types: [TypeDeclaration]
        /// Endpoint groups in spec order.
        public var groups: [EndpointGroup]
        /// The root client type, e.g. `BookstoreClient`.
        public var clientTypeName: Identifier

        /// Creates an API.
        public init(
            sourceFile: String, name: Identifier, documentation: Documentation, service: Service,
            types: [TypeDeclaration], groups: [EndpointGroup], clientTypeName: Identifier
        ) {
            self.sourceFile = sourceFile
            self.name = name
            self.documentation = documentation
            self.service = service
            self.types = types
            self.groups = groups
            self.clientTypeName = clientTypeName
        }
    }

    /// Spec-level settings (the runtime's `ServiceDescription`).
    public struct Service: Hashable, Sendable {
        /// The service name as a string literal (logs, metrics).
        public var name: StringLiteral
        /// The base URL as a string literal; checked at generation time to parse as a `URL`.
        public var baseURL: StringLiteral
        /// Static headers sent with every request.
        public var headers: [Header]
        /// How endpoints that inherit (``AuthRequirement/inherit``) authenticate.
        public var auth: Auth
        /// How `Date` values are coded.
        public var dates: DateCoding
        /// The response envelope, if every JSON response is wrapped.
        public var envelope: Envelope?
        /// Default timeout in seconds.
        public var timeout: Double
        /// Default retry policy.
        public var retry: Retry
        /// Default cache policy.
        public var cache: Cache

        /// Creates service settings.
        public init(
            name: StringLiteral, baseURL: StringLiteral, headers: [Header], auth: Auth, dates: DateCoding,
            envelope: Envelope?, timeout: Double, retry: Retry, cache: Cache
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
        }
    }

    /// A static HTTP header (name and value are literals).
    public struct Header: Hashable, Sendable {
        /// The header name.
        public var name: StringLiteral
        /// The header value.
        public var value: StringLiteral

        /// Creates a header.
        public init(name: StringLiteral, value: StringLiteral) {
            self.name = name
            self.value = value
        }
    }

    /// One way of sending credentials (the runtime's `AuthScheme`).
    public enum Auth: Hashable, Sendable {
        /// No credentials.
        case none
        /// `Authorization: Bearer …` (also OAuth 2 and OpenID Connect).
        case bearer
        /// `Authorization: Basic …`.
        case basic
        /// An API key in the named header.
        case apiKeyHeader(StringLiteral)
        /// An API key in the named query parameter.
        case apiKeyQuery(StringLiteral)
        /// An API key in the named cookie.
        case apiKeyCookie(StringLiteral)
    }

    /// The credentials one endpoint asks for (the runtime's `AuthRequirement`). Both front ends
    /// lower to it: an OpenAPI operation's effective `security`, a spec endpoint's own `auth:`.
    public enum AuthRequirement: Hashable, Sendable {
        /// The service's scheme (``Service/auth``) applies.
        case inherit
        /// No credentials (OpenAPI `security: []`, spec `auth: none`).
        case none
        /// Alternatives, each a combination of schemes that are all sent; an empty alternative
        /// allows anonymous access (OpenAPI `{}`).
        case anyOf([[Auth]])

        /// What `.inherit` means for a service whose scheme is `service`.
        public static func inherited(from service: Auth) -> AuthRequirement {
            service == .none ? .none : .anyOf([[service]])
        }
    }

    /// How dates are coded in JSON (the runtime's `DateCoding`).
    public enum DateCoding: String, Hashable, Sendable {
        /// ISO 8601 text; decoding accepts it with and without fractional seconds.
        case iso8601
        /// Seconds since 1970 as a number.
        case secondsSince1970
        /// Milliseconds since 1970 as a number.
        case millisecondsSince1970
    }

    /// The response envelope (the runtime's `EnvelopeFormat`).
    public struct Envelope: Hashable, Sendable {
        /// JSON key of the business code.
        public var codeKey: StringLiteral
        /// JSON key of the message.
        public var messageKey: StringLiteral
        /// JSON key of the payload.
        public var dataKey: StringLiteral
        /// Codes that mean success.
        public var successCodes: [Int]
        /// Codes that mean the session expired.
        public var sessionExpiredCodes: [Int]
        /// Codes that mean the credentials were rejected: refreshed once, then the call is replayed.
        public var tokenExpiredCodes: [Int]

        /// Creates an envelope format.
        public init(
            codeKey: StringLiteral, messageKey: StringLiteral, dataKey: StringLiteral, successCodes: [Int],
            sessionExpiredCodes: [Int], tokenExpiredCodes: [Int] = []
        ) {
            self.codeKey = codeKey
            self.messageKey = messageKey
            self.dataKey = dataKey
            self.successCodes = successCodes
            self.sessionExpiredCodes = sessionExpiredCodes
            self.tokenExpiredCodes = tokenExpiredCodes
        }
    }

    /// A retry policy (the runtime's `RetryPolicy`).
    public struct Retry: Hashable, Sendable {
        /// Retries after the first attempt; 0 disables retries.
        public var maxRetries: Int
        /// First delay in seconds.
        public var baseDelay: Double
        /// Delay cap in seconds.
        public var maxDelay: Double
        /// The retried HTTP statuses; nil: the runtime's default.
        public var statuses: [Int]?
        /// The retried transport errors, as `URLError.Code` member names; nil: the runtime's default.
        public var transportErrors: [String]?
        /// The bound of the whole call in seconds; nil: none.
        public var deadline: Double?
        /// Whether a `Retry-After` longer than `maxDelay` is waited for in full.
        public var honoursLongRetryAfter: Bool

        /// Creates a retry policy.
        public init(
            maxRetries: Int, baseDelay: Double, maxDelay: Double, statuses: [Int]? = nil,
            transportErrors: [String]? = nil, deadline: Double? = nil, honoursLongRetryAfter: Bool = false
        ) {
            self.maxRetries = maxRetries
            self.baseDelay = baseDelay
            self.maxDelay = maxDelay
            self.statuses = statuses
            self.transportErrors = transportErrors
            self.deadline = deadline
            self.honoursLongRetryAfter = honoursLongRetryAfter
        }
    }

    /// A cache policy (the runtime's `CachePolicy`).
    public enum Cache: Hashable, Sendable {
        /// Never cache.
        case networkOnly
        /// Cache as the server's headers say, nothing more (`CachePolicy.http`, `cacheFirst` with ttl 0).
        case http
        /// Serve fresh cached responses without the network.
        case cacheFirst(ttl: Double)
        /// Network first, cache when offline.
        case networkFirst(ttl: Double)
        /// Serve cached, refresh in the background.
        case staleWhileRevalidate(ttl: Double)
    }

    /// Who decides how long cached responses stay fresh (the runtime's `CacheLifetime`).
    public enum CacheLifetime: String, Hashable, Sendable {
        /// The server's caching headers (RFC 9111).
        case server
        /// The cache policy's ttl, whatever the server says.
        case app
    }
}
