import Foundation

/// A generated `…ResponseHeaders` struct: the headers an operation declares, read typed from a
/// response's fields. Only generated code conforms to it (the leading underscore keeps it out of
/// an app's autocomplete); the `APIClient` calls below pair it with the response, so a generated
/// `nameResponse(…)` method is one call.
public protocol _DeclaredResponseHeaders: Sendable {
    /// Reads the declared headers from `fields`; one that is absent or not of its type is `nil`.
    init(_ fields: HTTPFields)
}

extension ResponseWithHeaders where Headers: _DeclaredResponseHeaders {
    /// `response` with its declared headers read from its fields.
    init(_ response: APIResponse<Value>) {
        self.init(response: response, typedHeaders: Headers(response.headers))
    }
}

/// The calls behind a generated `nameResponse(…)` of an operation that declares response headers:
/// the same as `response`, `dataResponse` and `textResponse`, with the declared headers read into
/// `headers`. One generic call per generated method instead of a body that unpacks and repacks the
/// response keeps the generated client cheap to compile.
@_spi(Generated) extension APIClient {
    /// `response(_:as:)` with the declared headers, typed.
    public func response<R: Decodable & Sendable, H: _DeclaredResponseHeaders>(
        _ endpoint: some Endpoint, as type: R.Type, headers: H.Type
    ) async throws -> ResponseWithHeaders<R, H> {
        ResponseWithHeaders(try await response(endpoint, as: type))
    }

    /// `response(_:as:cache:)` with the declared headers, typed.
    public func response<R: Decodable & Sendable, H: _DeclaredResponseHeaders>(
        _ endpoint: some Endpoint, as type: R.Type, headers: H.Type, cache: CacheOverride
    ) async throws -> ResponseWithHeaders<R, H> {
        ResponseWithHeaders(try await response(endpoint, as: type, cache: cache))
    }

    /// `response(_:)` (the body ignored) with the declared headers, typed.
    public func response<H: _DeclaredResponseHeaders>(_ endpoint: some Endpoint, headers: H.Type) async throws
        -> ResponseWithHeaders<Void, H>
    {
        ResponseWithHeaders(try await response(endpoint))
    }

    /// `dataResponse(_:)` with the declared headers, typed.
    public func dataResponse<H: _DeclaredResponseHeaders>(_ endpoint: some Endpoint, headers: H.Type) async throws
        -> ResponseWithHeaders<Data, H>
    {
        ResponseWithHeaders(try await dataResponse(endpoint))
    }

    /// `textResponse(_:)` with the declared headers, typed.
    public func textResponse<H: _DeclaredResponseHeaders>(_ endpoint: some Endpoint, headers: H.Type) async throws
        -> ResponseWithHeaders<String, H>
    {
        ResponseWithHeaders(try await textResponse(endpoint))
    }
}
