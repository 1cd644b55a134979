import Foundation

/// One HTTP operation. Generated `XxxEndpoint` enums (one case per endpoint) conform.
///
/// Only `operationName`, `method` and `pathSegments` are required; every other requirement
/// has a default in the protocol extension below.
public protocol Endpoint: Sendable {
    /// A stable, human-readable name such as `"books.list"`, used in logs, metrics and errors.
    var operationName: String { get }
    /// The HTTP method.
    var method: HTTPMethod { get }
    /// The RAW path segments, e.g. `["books", id.uuidString, "reviews"]`. The runtime
    /// percent-encodes each segment, so a value cannot change the path structure.
    var pathSegments: [String] { get }
    /// The path segments as sent: percent-encoded RFC 3986 segments, for paths whose parameters
    /// are in OpenAPI's `label` or `matrix` style, or hold arrays or objects (``PathSegmentText``:
    /// `.5`, `;id=5`, `a,1,b,2`), where the separators between values must stay literal. Each
    /// may hold only RFC 3986 `pchar`s and `%XX` escapes, and must not be empty, `.` or `..`
    /// (also when decoded); anything else fails the request. Default: each of ``pathSegments``
    /// percent-encoded (``PathSegmentText/encoded(_:)``).
    var percentEncodedPathSegments: [String] { get }
    /// Whether the path ends with `/` after the last segment (`/api/catalog/`, as Django, Django
    /// REST framework and Flask routes are often written; a server may answer the path without the
    /// slash with 404 or a redirect). An empty segment is never sent, so this is how a path says it.
    /// Default: `false`.
    var hasTrailingSlash: Bool { get }
    /// Query parameters in order. Default: none.
    var query: QueryParameters { get }
    /// Per-endpoint headers (added after the service headers). Default: none.
    var headers: [HTTPHeader] { get }
    /// Cookie parameters in order, sent as one `Cookie` header (`a=1; b=2`) after any `Cookie`
    /// the headers set; a value with `;` or a control character is refused. Default: none.
    var cookies: QueryParameters { get }
    /// The request body. Default: none.
    var body: RequestBody? { get }
    /// Per-endpoint options (timeout, retry, cache, auth, idempotency, gate). Default: all inherited.
    var options: EndpointOptions { get }
    /// Typed error bodies declared by the spec's `errors:`. Default: none.
    var errorBodies: [TypedErrorBody] { get }
}

extension Endpoint {
    /// ``pathSegments``, each percent-encoded.
    public var percentEncodedPathSegments: [String] { pathSegments.map(PathSegmentText.encoded) }
    /// No `/` after the last segment.
    public var hasTrailingSlash: Bool { false }
    /// No query parameters.
    public var query: QueryParameters { QueryParameters() }
    /// No per-endpoint headers.
    public var headers: [HTTPHeader] { [] }
    /// No cookie parameters.
    public var cookies: QueryParameters { QueryParameters() }
    /// No body.
    public var body: RequestBody? { nil }
    /// Every option inherited from the service.
    public var options: EndpointOptions { EndpointOptions() }
    /// No typed error bodies.
    public var errorBodies: [TypedErrorBody] { [] }
}
