import Foundation

/// A response as the transport delivers it.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields in the order they arrived, repeated fields kept (`Set-Cookie`, `Link`);
    /// names compare case-insensitively (`headers["etag"]`, `headers.values(for: "Set-Cookie")`).
    public var headers: HTTPFields
    /// The body bytes.
    public var body: Data
    /// What the transport measured for this exchange (DNS, connect, TLS, first byte), when it
    /// measures anything; the attempt loop adds it to the call's `ResponseMetadata.transportTimings`.
    public var timings: TransportTimings?
    /// The file the transport wrote the body to (`ResponseDestination.file`); `body` is then empty.
    public var bodyFile: URL?
    /// The body still to be read, for a 2xx response to a `ResponseDestination.stream` request
    /// (`body` is then empty). Set by the attempt loop; no transport sets it.
    var streamedBody: HTTPBody?

    /// Creates a response.
    public init(status: Int, headers: HTTPFields = HTTPFields(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with one field per entry of `headers`.
    public init(status: Int, headers: [String: String], body: Data = Data()) {
        self.init(status: status, headers: HTTPFields(headers), body: body)
    }

    /// The value of header `name` (case-insensitive; repeated fields joined by `", "`).
    public func header(_ name: String) -> String? {
        headers[name]
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
