/// The response of an operation that declares response headers: everything an `APIResponse`
/// has (`value`, `status`, `headers` as fields, `attempts`, `metadata`, read through `response`)
/// and the declared headers, typed (`typedHeaders`, a generated `…ResponseHeaders` struct).
///
/// ```swift
/// let stamped = try await client.headers.stampedResponse()
/// stamped.value                     // the decoded body
/// stamped.typedHeaders.xRateLimit   // Int? — the declared `X-Rate-Limit`, typed
/// stamped.headers["Date"]           // any field, as text
/// ```
@dynamicMemberLookup
public struct ResponseWithHeaders<Value: Sendable, Headers: Sendable>: Sendable {
    /// The decoded value with status, all header fields, attempts and metadata.
    public var response: APIResponse<Value>
    /// The headers the operation declares, read typed from `response.headers`.
    public var typedHeaders: Headers

    /// Creates a response.
    public init(response: APIResponse<Value>, typedHeaders: Headers) {
        self.response = response
        self.typedHeaders = typedHeaders
    }

    /// The `APIResponse`'s properties, so code written for one keeps working: `value`, `status`,
    /// `headers`, `attempts`, `metadata`.
    public subscript<Property>(dynamicMember keyPath: KeyPath<APIResponse<Value>, Property>) -> Property {
        response[keyPath: keyPath]
    }
}
