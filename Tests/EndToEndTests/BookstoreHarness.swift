import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One test's view of the bookstore fixture (`Tests/Fixtures/bookstore_fixture.py`): its own
/// scenario on a fixture server, a token the app "stores", and clients generated from
/// `specs/bookstore.yaml` by the SpecwrightPlugin at build time.
struct BookstoreHarness {
    let server: FixtureServer
    let scenario = FixtureServer.newScenario()
    /// The token the app currently holds (starts as the server's initial token).
    let token = LockedBox("token-0")

    var baseURL: URL { server.scenarioURL(scenario).appendingPathComponent("bookstore") }

    init(server: FixtureServer? = nil) throws {
        self.server = try server ?? FixtureServer.shared()
    }

    /// A generated client for this scenario: bearer tokens with refresh from `/auth/refresh`,
    /// fast retries, the spec's config gate, and `cache` when given.
    func client(
        cache: HTTPCache? = nil, session: SessionExpiry = SessionExpiry(), gate: ConfigGate = ConfigGate()
    ) -> BookstoreClient {
        let token = token
        let refreshURL = baseURL.appendingPathComponent("auth/refresh")
        let provider = TokenProvider(
            token: { token.withLock { $0 } },
            refresh: { _ in
                var request = URLRequest(url: refreshURL)
                request.httpMethod = "POST"
                let (data, _) = try await URLSession.shared.data(for: request)
                let fresh = try JSONDecoder().decode([String: String].self, from: data)["token"] ?? ""
                token.withLock { $0 = fresh }
                return fresh
            })
        let configuration = ClientConfiguration(
            baseURL: baseURL,
            tokenProvider: provider,
            retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.05),
            dataLayer: DataLayerConfiguration(cache: cache, session: session, gate: gate))
        return BookstoreClient(configuration: configuration)
    }

    /// Scripts the fixture (`POST /_control`), e.g. `["fail": ["path": "/books", "statuses": [503]]]`.
    func control(_ script: [String: Any]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("_control"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: script)
        _ = try await URLSession.shared.data(for: request)
    }

    /// What the fixture saw.
    struct Stats: Decodable {
        var routes: [String: Int]
        var refreshes: Int
        var gate_calls: Int
        var batch_calls: Int
        var batch_peak: Int
        var idempotency_keys: [String: Int]

        func hits(_ route: String) -> Int { routes[route] ?? 0 }
    }

    func stats() async throws -> Stats {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_stats"))
        return try JSONDecoder().decode(Stats.self, from: data)
    }
}
