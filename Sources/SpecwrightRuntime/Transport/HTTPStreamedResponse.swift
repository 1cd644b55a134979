import Foundation

/// A response whose body arrives as chunks (`HTTPTransport.stream(_:)`): the head is here, the
/// body is read by iterating ``body``.
public struct HTTPStreamedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields in the order they arrived, repeated fields kept.
    public var headers: HTTPFields
    /// The body's chunks. Iterate it once; leaving the loop early cancels the exchange.
    public var body: HTTPBody
    /// What the transport measured up to the response head, when it measures anything.
    public var timings: TransportTimings?

    /// Creates a streamed response.
    public init(status: Int, headers: HTTPFields = HTTPFields(), body: HTTPBody = HTTPBody(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The head with `body` in memory: an `HTTPResponse` for status handling and typed errors.
    func buffered(_ body: Data) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers, body: body)
        response.timings = timings
        return response
    }
}
