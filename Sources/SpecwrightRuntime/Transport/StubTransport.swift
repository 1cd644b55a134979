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
public final class StubTransport: HTTPTransport {
    /// Produces the response for a request (may throw `URLError` to simulate transport failures).
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let handler: Handler
    private let recorded = Locked<[HTTPRequest]>([])
    private let recordsRequests: Bool

    /// Creates a stub that answers with `handler`. Set `recordsRequests` to `false` in
    /// benchmarks to avoid keeping every request.
    public init(recordsRequests: Bool = true, handler: @escaping Handler) {
        self.handler = handler
        self.recordsRequests = recordsRequests
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
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if recordsRequests { recorded.withLock { $0.append(request) } }
        try Task.checkCancellation()
        return try await handler(request)
    }
}
