import SpecwrightYAML

/// A group of endpoints (a key under `endpoints:`): one `XxxEndpoint` enum and one client group.
public struct EndpointGroup: Hashable, Sendable {
    /// The group name as written.
    public let name: String
    /// The endpoints in spec order.
    public let endpoints: [Endpoint]
    /// Where the group's name is written.
    public let location: SourceLocation
}

/// One HTTP operation.
public struct Endpoint: Hashable, Sendable {
    /// The endpoint name as written (unique within its group after Swift naming).
    public let name: String
    /// The name of the group it belongs to.
    public let group: String
    /// The HTTP method.
    public let method: EndpointMethod
    /// The path template, e.g. `/books/{id}`, relative to the base URL.
    public let path: Located<PathTemplate>
    /// One-line summary.
    public let summary: String?
    /// Longer description.
    public let description: String?
    /// Path parameters in the order they appear in the path; ones the spec does not declare are
    /// `String` (their ``Parameter/isDeclared`` is false).
    public let pathParameters: [Parameter]
    /// Query parameters in spec order.
    public let queryParameters: [Parameter]
    /// Header parameters in spec order (names are HTTP header names).
    public let headerParameters: [Parameter]
    /// The body type, if any: JSON, or raw bytes (`Data`, or a `FilePart`: bytes or a file on disk).
    public let body: TypeUse?
    /// `body: { contentType: … }`: the `Content-Type` of a binary body (`Data`, `FilePart`); nil:
    /// `application/octet-stream`. A `FilePart` that names its own content type wins.
    public var bodyContentType: String?
    /// `body: { description: … }`: the doc text of the body parameter.
    public var bodyDescription: String?
    /// The response type; nil means the call returns nothing (`Void`).
    public let response: TypeUse?
    /// `response: { type: Data, contentType: … }`: the media types a binary response comes in,
    /// sent as `Accept`; empty: any (`*/*`).
    public var responseContentTypes: [String] = []
    /// Typed error bodies by status, in spec order.
    public let errors: [ErrorResponse]
    /// Cache override; nil inherits ``SpecDocument/defaults``.
    public let cache: CacheSetting?
    /// Retry override; nil inherits ``SpecDocument/defaults``.
    public let retry: RetrySetting?
    /// Timeout override in seconds; nil inherits ``SpecDocument/defaults``.
    public let timeout: Double?
    /// Auth override; nil inherits ``SpecDocument/auth``.
    public let auth: AuthSetting?
    /// `idempotent:` as written; nil when absent. See ``isIdempotent``.
    public let idempotent: Bool?
    /// Whether this endpoint is the config gate (`gate: true`, or `gate: { maxAge: SECONDS }`).
    public let isGate: Bool
    /// For the gate: seconds one successful gate call keeps the gate open (`gate: { maxAge: 3600 }`);
    /// nil (`gate: true`) keeps it open until the app resets it.
    public var gateMaxAge: Double?
    /// Batch settings, if requests are split by an array query parameter.
    public let batch: BatchSetting?
    /// The reads (`group.name` operation names) a successful call removes from the cache
    /// (`invalidates: [books.get, books.list]`); checked to name existing endpoints.
    public var invalidates: [Located<String>] = []
    /// Who decides how long its cached responses stay fresh (`cache: { …, lifetime: app }`); nil: the server.
    public var cacheLifetime: CacheLifetimeSetting?
    /// `stream: sse | jsonl`: the response is a stream of `response` values; nil: one value.
    public var stream: Located<ResponseStream>?
    /// `download: true`: the raw response body (`Data`, also when `response` is left out) can be
    /// streamed into a file: the client gets a download method next to the one returning `Data`.
    public var download = false
    /// The fields of a `multipart/form-data` body (`multipart:`), in spec order; nil without one.
    /// An endpoint has `body` or `multipart`, never both.
    public var multipart: [MultipartField]?
    /// Where `envelope: false` is written: the endpoint's responses are not wrapped in the
    /// service's envelope (a health check, a token route, a file); nil: the envelope applies.
    public var envelopeOptOut: SourceLocation?
    /// Where the endpoint's name is written.
    public let location: SourceLocation

    /// `group.name`, e.g. `books.list` (logs, metrics, errors).
    public var operationName: String { "\(group).\(name)" }

    /// Whether the service's envelope applies to the responses (no `envelope: false`).
    public var usesEnvelope: Bool { envelopeOptOut == nil }

    /// Whether the request may be retried: `idempotent:` if written, else the method's semantics.
    public var isIdempotent: Bool { idempotent ?? method.isIdempotentByDefault }

    /// All parameters: path, then query, then header.
    public var allParameters: [Parameter] { pathParameters + queryParameters + headerParameters }
}

/// How a streamed response frames its values (`stream:`).
public enum ResponseStream: String, Hashable, Sendable, CaseIterable {
    /// Server-sent events (`text/event-stream`): each event's data is one value.
    case sse
    /// JSON Lines / NDJSON: each line is one value.
    case jsonl
}

/// A path, query or header parameter.
public struct Parameter: Hashable, Sendable {
    /// The name as written (for headers: the HTTP header name; for query: the query key).
    public let name: String
    /// The parameter's type; an optional type makes the parameter optional.
    public let type: TypeUse
    /// The default value, if any (already checked to fit ``type``).
    public let defaultValue: Located<LiteralValue>?
    /// The doc text.
    public let description: String?
    /// False for a path parameter that only appears in the path (its type is then `String`).
    public let isDeclared: Bool
    /// Where the parameter is declared (or, when undeclared, where the path is written).
    public let location: SourceLocation
    /// A query parameter's `style:` (`form` or `deepObject`): how an object or map is written.
    public var style: Located<String>? = nil
    /// A query parameter's `allowReserved: true`: a scalar's (or an array's) reserved characters
    /// are sent as they are.
    public var allowsReserved = false

    /// Whether a call must pass a value: not optional and no default.
    public var isRequired: Bool { !type.expression.isOptional && defaultValue == nil }
}

/// One field of a `multipart:` body: one part, or one part per element of an array.
public struct MultipartField: Hashable, Sendable {
    /// The part name as written.
    public let name: String
    /// The field's type; `FilePart` (or `[FilePart]`) makes it a file the caller names and types.
    public let type: TypeUse
    /// `contentType:` — a file's default content type, or the content type of any other part.
    public let contentType: String?
    /// The doc text.
    public let description: String?
    /// Where the field is declared.
    public let location: SourceLocation
}

/// A typed error body (`errors: { 404: NotFound }`).
public struct ErrorResponse: Hashable, Sendable {
    /// The HTTP status; nil for `default` (any other non-2xx status).
    public let status: Int?
    /// The body type.
    public let type: TypeUse
    /// Where the status is written.
    public let location: SourceLocation
}

/// Batch settings (`batch: { parameter, size, concurrency, timeout, deadline, partial, key }`).
public struct BatchSetting: Hashable, Sendable {
    /// The array query parameter that is split.
    public let parameter: Located<String>
    /// Elements per request.
    public let size: Int
    /// Requests in flight at once (default 1).
    public let concurrency: Int
    /// The time limit of each request (one batch), in seconds (`timeout:`).
    public var timeout: Double?
    /// The time limit of the whole load, in seconds (`deadline:`).
    public var deadline: Double?
    /// Whether failed batches are reported per id while the others are returned (`partial: true`).
    public var partial = false
    /// The property of a response element that holds its id (`key:`); with a `cache:` policy,
    /// ids whose element is stored and fresh are not requested again.
    public var key: Located<String>?
    /// Where `batch:` is written.
    public let location: SourceLocation
}
