import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test helpers' own requests to fixture servers (counters, stats, releasing a held request):
/// a session of their own, never `URLSession.shared`, and a completion handler instead of
/// `data(for:)`. Cancelling FoundationNetworking's async `data(for:)` while it runs can trap inside
/// the session (swift-corelibs-foundation #3292); a helper's request is never cancelled: when its
/// test ends early, the request ends with its own timeout (`URLRequest.timeoutInterval`, 60 s by
/// default) and its answer is dropped.
public enum FixtureHTTP {
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// The body and response of `request`.
    public static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }
            .resume()
        }
    }

    /// The body and response of a GET of `url`.
    public static func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }
}
