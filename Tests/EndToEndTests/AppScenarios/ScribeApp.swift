import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app the scenario tests drive, written the way the docs tell an app developer to: one
/// `ScribeClient` (generated from `scribe.specwright.yaml` by the build plugin) whose token
/// provider reads the signed-in session, names its account and refreshes through the server;
/// a cache and a `SessionExpiry` the app passes in. The server is `Tests/Fixtures/app_fixture.py`
/// (every user has their own data) on the fixture server.
final class ScribeApp: Sendable {
    /// What the app keeps about who is signed in.
    struct Session: Sendable {
        var user: String?
        var token: String?
    }

    let server: FixtureServer
    let scenario: String
    let session = LockedBox(Session())
    let expiry: SessionExpiry
    let client: ScribeClient

    /// The scenario's base URL: the spec's paths start with `/app/…` (app_fixture.py) or name a
    /// transfer or stream route of the fixture server.
    var baseURL: URL { server.scenarioURL(scenario) }

    init(
        server: FixtureServer, scenario: String = FixtureServer.newScenario(), cache: HTTPCache? = HTTPCache(),
        expiry: SessionExpiry = SessionExpiry(), retry: RetryPolicy? = nil,
        budget: RetryBudget.Configuration? = .default
    ) {
        self.server = server
        self.scenario = scenario
        self.expiry = expiry
        let session = session
        let refreshURL = server.scenarioURL(scenario).appendingPathComponent("app/auth/refresh")
        // sample: begin (docs/runtime.md, "App scenarios")
        let provider = TokenProvider(
            token: { session.withLock { $0.token } },
            refresh: { rejected in  // one call for any number of 401s; a thrown error ends the session
                let fresh = try await Self.post(refreshURL, body: ["token": rejected ?? ""])
                session.withLock { if $0.token == rejected { $0.token = fresh } }  // never over the next user's
                return fresh
            },
            account: { session.withLock { $0.user } })  // the cache, batches and sign-out follow it
        let configuration = ClientConfiguration(
            baseURL: server.scenarioURL(scenario), tokenProvider: provider, retryPolicy: retry, retryBudget: budget,
            dataLayer: DataLayerConfiguration(cache: cache, session: expiry))
        client = ScribeClient(configuration: configuration)
        // sample: end
    }

    /// Signs `user` in: a token from the server, kept in the session.
    func signIn(_ user: String) async throws {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("app/auth/token"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "user", value: user)]
        let token = try await Self.post(try requireURL(components?.url), body: [:])
        session.withLock { $0 = Session(user: user, token: token) }
        expiry.didLogIn()
    }

    /// Signs out as the docs say: the client first (it names the account), then the session.
    // sample: begin
    func signOut() async {
        await client.client.signOut()  // first: it names the account whose data goes
        session.withLock { $0 = Session() }
    }
    // sample: end

    /// Scripts the fixture (`POST app/_control`), e.g. `["down": true]`.
    func control(_ script: [String: any Sendable]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("app/_control"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: script)
        _ = try await URLSession.shared.data(for: request)
    }

    /// What the fixture saw.
    struct Stats: Decodable {
        var routes: [String: Int]
        var refreshes: Int
        var not_modified: Int
        var users: [String: Int]
        var keys: [String: Delivery]
        var holding: [String]

        struct Delivery: Decodable {
            var deliveries: Int
        }
    }

    func stats() async throws -> Stats {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("app/_stats"))
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Holds the next request to `path` on the server and returns once `start` sent it there.
    /// `release(path)` lets it answer.
    func holding<T: Sendable>(_ path: String, while start: @escaping @Sendable () async throws -> T) async throws
        -> Task<T, any Error>
    {
        try await control(["hold": path])
        let task = Task { try await start() }
        while try await !stats().holding.contains(path) {
            try await Task.sleep(for: .milliseconds(10))  // polls the server's state, not a timing
        }
        return task
    }

    func release(_ path: String) async throws {
        try await control(["release": path])
    }

    private static func post(_ url: URL, body: [String: String]) async throws -> String {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let token = try JSONDecoder().decode([String: String].self, from: data)["token"]
        else { throw Rejected() }
        return token
    }

    /// The server refused to issue a token (a revoked refresh token): the app's own error.
    struct Rejected: Error {}
}

/// `url`, or a test failure.
private func requireURL(_ url: URL?) throws -> URL {
    guard let url else { throw URLError(.badURL) }
    return url
}
