import Foundation

/// An in-memory transport for unit tests of apps (and of the runtime): every request goes
/// to `handler`; every request is recorded in order.
///
/// ```swift
/// let stub = StubTransport { request in
///     HTTPResponse(status: 200, body: Data(#"{"id":1}"#.utf8))
/// }
/// let client = BookstoreClient(configuration: ClientConfiguration(transport: stub))
/// ```
///
/// Streaming code is tested the same way: a stub made with ``streaming(recordsRequests:_:)``
/// answers with bodies delivered chunk by chunk (`HTTPBody(chunks:)`, or any async sequence of
/// `Data` for a body that arrives over time or fails midway); any other stub streams its
/// response's body as one chunk.
public final class StubTransport: HTTPTransport {
    /// Produces the response for a request (may throw `URLError` to simulate transport failures).
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Produces a streamed response for a request.
    public typealias StreamHandler = @Sendable (HTTPRequest) async throws -> HTTPStreamedResponse

    private let handler: Handler
    private let streamHandler: StreamHandler?
    private let recorded = Locked<[HTTPRequest]>([])
    private let recordsRequests: Bool

    /// Creates a stub that answers with `handler`. Set `recordsRequests` to `false` in
    /// benchmarks to avoid keeping every request.
    public init(recordsRequests: Bool = true, handler: @escaping Handler) {
        self.handler = handler
        self.streamHandler = nil
        self.recordsRequests = recordsRequests
    }

    private init(recordsRequests: Bool, handler: @escaping Handler, streamHandler: @escaping StreamHandler) {
        self.handler = handler
        self.streamHandler = streamHandler
        self.recordsRequests = recordsRequests
    }

    /// Creates a stub that streams: `stream(_:)` answers with `handler`'s response, whose body
    /// reaches the reader chunk by chunk; `send(_:)` answers with that body read whole (up to the
    /// request's size limit).
    ///
    /// ```swift
    /// let stub = StubTransport.streaming { _ in
    ///     HTTPStreamedResponse(status: 200, headers: ["Content-Type": "text/event-stream"],
    ///                          body: HTTPBody(chunks: [Data("data: one\n\nda".utf8), Data("ta: two\n\n".utf8)]))
    /// }
    /// ```
    public static func streaming(recordsRequests: Bool = true, _ handler: @escaping StreamHandler) -> StubTransport {
        StubTransport(
            recordsRequests: recordsRequests,
            handler: { request in
                let streamed = try await handler(request)
                return streamed.buffered(try await streamed.body.collect(upTo: request.limits.maximumResponseBytes))
            }, streamHandler: handler)
    }

    /// A stub that answers every request with `status` and `body` (JSON content type).
    public convenience init(status: Int = 200, json body: Data, headers: [String: String] = [:]) {
        var allHeaders = headers
        allHeaders["content-type"] = allHeaders["content-type"] ?? "application/json"
        let response = HTTPResponse(status: status, headers: allHeaders, body: body)
        self.init { _ in response }
    }

    /// A stub that answers the n-th request with `responses[n]`, repeating the last one
    /// (e.g. `[503, 503, 200]` to exercise retries). An empty list answers 404.
    public convenience init(sequence responses: [HTTPResponse]) {
        let counter = Locked(0)
        self.init { _ in
            let index = counter.withLock { count -> Int in
                defer { count += 1 }
                return count
            }
            guard let last = responses.last else { return HTTPResponse(status: 404) }
            return index < responses.count ? responses[index] : last
        }
    }

    /// The requests received so far, in order.
    public var requests: [HTTPRequest] { recorded.value }

    /// Records the request and returns the handler's response.
    /// A request with a `streamedBody` (a file, a multipart body of files) is recorded and handed
    /// to the handler with that body also read into `body`, so tests can look at the bytes sent.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if request.body == nil, let streamed = request.streamedBody {
            request.body = try await streamed.collect(upTo: Int.max)
        }
        if recordsRequests { recorded.withLock { $0.append(request) } }
        try Task.checkCancellation()
        return try await handler(request)
    }

    /// Records the request and returns the streaming handler's response, or else the handler's
    /// response with its body as one chunk.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
        guard let streamHandler else {
            let response = try await send(request)
            var streamed = HTTPStreamedResponse(
                status: response.status, headers: response.headers, body: HTTPBody(response.body))
            streamed.timings = response.timings
            return streamed
        }
        if recordsRequests { recorded.withLock { $0.append(request) } }
        try Task.checkCancellation()
        return try await streamHandler(request)
    }
}
