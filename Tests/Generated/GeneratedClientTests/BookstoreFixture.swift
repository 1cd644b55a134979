import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated bookstore client against the fixture server's bookstore API
/// (`Tests/Fixtures/bookstore_fixture.py`: envelope, config gate, bearer `token-0`), one scenario
/// per test.
enum BookstoreFixture {
    /// A client for scenario `sid` with fast client-wide retries (an endpoint's own `retry:` wins).
    static func client(
        _ server: FixtureServer, sid: String, interceptors: [any Interceptor] = [],
        token: @escaping @Sendable () async throws -> String? = { "token-0" }, transport: (any HTTPTransport)? = nil
    ) -> BookstoreClient {
        var configuration = ClientConfiguration(
            baseURL: server.scenarioURL(sid).appendingPathComponent("bookstore"), transport: transport,
            tokenProvider: TokenProvider(token: token), interceptors: interceptors,
            retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.05))
        configuration.logging = .disabled
        return BookstoreClient(configuration: configuration)
    }

    /// How often the fixture answered `route` (`"GET /books/{id}"`, `"POST /books"`).
    static func hits(_ server: FixtureServer, sid: String, _ route: String) async throws -> Int {
        let url = server.scenarioURL(sid).appendingPathComponent("bookstore/_stats")
        let (data, _) = try await URLSession.shared.data(from: url)
        let stats = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (stats?["routes"] as? [String: Int])?[route] ?? 0
    }

    /// Makes the next requests to `path` (any method) answer `statuses`, in order.
    static func fail(_ server: FixtureServer, sid: String, path: String, statuses: [Int]) async throws {
        var request = URLRequest(url: server.scenarioURL(sid).appendingPathComponent("bookstore/_control"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["fail": ["path": path, "statuses": statuses]])
        _ = try await URLSession.shared.data(for: request)
    }
}
