import Foundation

/// An endpoint that sends another one, `base`, with some of its parts changed: every requirement
/// of ``Endpoint`` is `base`'s unless the wrapper implements it itself. Wrappers conform to this
/// protocol rather than forwarding requirement by requirement, so a requirement ``Endpoint`` gains
/// later (with a default) is forwarded too, instead of silently falling back to that default —
/// as the cookies and the styled path segments of a wrapped endpoint once did.
public protocol ForwardingEndpoint: Endpoint {
    /// The endpoint's type this one sends.
    associatedtype Base: Endpoint
    /// The endpoint this one sends.
    var base: Base { get }
}

extension ForwardingEndpoint {
    /// The base's operation name.
    public var operationName: String { base.operationName }
    /// The base's method.
    public var method: HTTPMethod { base.method }
    /// The base's path segments.
    public var pathSegments: [String] { base.pathSegments }
    /// The base's path segments as sent.
    public var percentEncodedPathSegments: [String] { base.percentEncodedPathSegments }
    /// Whether the base's path ends with `/`.
    public var hasTrailingSlash: Bool { base.hasTrailingSlash }
    /// The base's query parameters.
    public var query: QueryParameters { base.query }
    /// The base's headers.
    public var headers: [HTTPHeader] { base.headers }
    /// The base's cookie parameters.
    public var cookies: QueryParameters { base.cookies }
    /// The base's body.
    public var body: RequestBody? { base.body }
    /// The base's options.
    public var options: EndpointOptions { base.options }
    /// The base's typed error bodies.
    public var errorBodies: [TypedErrorBody] { base.errorBodies }
}
