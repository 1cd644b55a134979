import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: one `URLSession` per client, with `URLCache` disabled (it is not
/// honoured on Linux, and the runtime has its own cache) and cookies not stored.
public final class URLSessionTransport: HTTPTransport {
    /// The session (immutable after `init`; `URLSession` is thread-safe).
    public let session: URLSession

    /// Creates a transport over a new ephemeral session without URL cache or cookie storage.
    /// `maximumConnectionsPerHost` defaults to 6, the common browser limit.
    public init(maximumConnectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        session = URLSession(configuration: configuration)
    }

    /// Wraps an existing session (the caller owns its configuration).
    public init(session: URLSession) {
        self.session = session
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs the exchange with `URLSession.data(for:)`.
    ///
    /// FoundationNetworking (Linux) truncates `timeoutInterval` to whole seconds — 0.5 s timed
    /// out after 10 ms here — so a fractional timeout is rounded up for the session and enforced
    /// by a timer racing the exchange.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let timeout = request.timeout
        #if canImport(FoundationNetworking)
            let wholeSeconds = timeout.rounded(.up)
            guard wholeSeconds != timeout, timeout > 0 else {
                return try await exchange(request, timeout: timeout)
            }
            return try await exchange(request, timeout: timeout, wholeSeconds: wholeSeconds)
        #else
            return try await exchange(request, timeout: timeout)
        #endif
    }

    #if canImport(FoundationNetworking)
        /// Races the exchange (with the timeout rounded up) against a timer of the exact timeout.
        private func exchange(_ request: HTTPRequest, timeout: TimeInterval, wholeSeconds: TimeInterval) async throws -> HTTPResponse {
            try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await self.exchange(request, timeout: wholeSeconds) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    throw URLError(.timedOut)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw URLError(.unknown) }
                return first
            }
        }
    #endif

    private func exchange(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = timeout
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
