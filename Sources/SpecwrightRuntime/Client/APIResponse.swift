import Foundation

/// A decoded value with the response's metadata.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The final HTTP status.
    public var status: Int
    /// The final response header fields, repeated ones kept (`headers.values(for: "Link")`).
    public var headers: HTTPFields
    /// Attempts that reached the transport (0 when served from cache).
    public var attempts: Int
    /// Retries with reasons, bytes in/out and cache status.
    public var metadata: ResponseMetadata

    /// Creates a response.
    public init(
        value: Value, status: Int, headers: HTTPFields, attempts: Int, metadata: ResponseMetadata = ResponseMetadata()
    ) {
        self.value = value
        self.status = status
        self.headers = headers
        self.attempts = attempts
        self.metadata = metadata
    }
}
