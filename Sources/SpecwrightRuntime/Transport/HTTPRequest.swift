import Foundation

/// A fully built request as it travels through interceptors to the transport.
/// A plain value (not `URLRequest`) so interceptors and stub transports are easy to write and test.
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, already percent-encoded.
    public var url: URL
    /// The header fields in order (look them up with `headers.value(for:)`, case-insensitive).
    public var headers: [HTTPHeader]
    /// The body bytes, if any.
    public var body: Data?
    /// A body sent from a file or as it is produced (`HTTPBody(contentsOf:)`, `HTTPBody(_:length:)`)
    /// instead of ``body``, which is ignored when this is set. `URLSessionTransport` sends a
    /// file-backed body (and a multipart body of files) straight from its files and spools an
    /// app's async sequence to a temporary file first, so memory stays bounded; a transport that
    /// cannot stream reads it with `HTTPBody.collect(upTo:)`.
    public var streamedBody: HTTPBody?
    /// The timeout in seconds: a total deadline for the exchange, from sending to the last body byte.
    public var timeout: TimeInterval
    /// The limits the transport enforces for this exchange (the client's
    /// `ClientConfiguration.transferLimits`, set on every attempt).
    public var limits: TransferLimits = .default
    /// Where the response body goes: memory (the default) or, for a 2xx response, a file
    /// (`APIClient.download(_:to:progress:)`). A transport that does not write files returns the
    /// body in memory (`HTTPResponse.bodyFile` stays `nil`) and the client writes it out.
    public var destination: ResponseDestination = .memory
    /// Receives the progress of the request body as it is sent (`APIClient.upload(_:as:progress:)`);
    /// `nil` for ordinary calls.
    public var uploadObserver: UploadObserver?

    /// Creates a request.
    public init(method: HTTPMethod, url: URL, headers: [HTTPHeader] = [], body: Data? = nil, timeout: TimeInterval = 30)
    {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
