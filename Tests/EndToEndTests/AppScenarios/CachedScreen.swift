import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A screen that reads the fixture server's scriptable `/cached` route (fixture_server.py: the
/// `Cache-Control`, `ETag`, `Vary` and `Age` it is told to send, a padded body, a server that goes
/// down after a number of requests) through a client with a cache, a clock the test can move, and
/// optionally a signed-in user's bearer token — what a hand-written endpoint of an app would do.
struct CachedScreen: Sendable {
    /// What the route answers: `hit` numbers the scenario's requests, `user` is the bearer token
    /// it was sent with, `lang` the `Accept-Language`.
    struct Body: Decodable, Sendable, Equatable {
        var hit: Int
        var lang: String?
        var user: String?
    }

    /// The `/cached` route with `parameters` as its query.
    struct Route: Endpoint {
        var parameters: [String: String]
        var policy: CachePolicy
        var operationName: String { "screen.cached" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["cached"] }
        var query: QueryParameters {
            var query = QueryParameters()
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { query.append(name, value) }
            return query
        }
        var options: EndpointOptions { EndpointOptions(cache: policy) }
    }

    let server: FixtureServer
    let scenario: String
    let client: APIClient
    let clock: MovableClock

    /// `token` (nil: no credentials) names the user; `account` the account identity, if the app names one.
    init(
        server: FixtureServer, scenario: String, cache: HTTPCache, token: String? = nil, account: String? = nil,
        acceptLanguage: String = "en", clock: MovableClock = MovableClock()
    ) {
        self.server = server
        self.scenario = scenario
        self.clock = clock
        let service = ServiceDescription(
            name: "Screen", baseURL: server.scenarioURL(scenario), auth: token == nil ? .none : .bearer, timeout: 10,
            retry: .none)
        client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                tokenProvider: token.map { token in TokenProvider(token: { token }, account: { account }) },
                commonHeaders: CommonHeaders(acceptLanguage: acceptLanguage), logging: .disabled, clock: clock,
                dataLayer: DataLayerConfiguration(cache: cache)))
    }

    /// Reads the route with `parameters` under `policy`.
    func read(_ parameters: [String: String], cache policy: CachePolicy) async throws -> APIResponse<Body> {
        try await client.response(Route(parameters: parameters, policy: policy), as: Body.self)
    }

    /// How many 304s the route answered in this scenario.
    func notModified() async throws -> Int {
        let url = server.scenarioURL(scenario).deletingLastPathComponent().appendingPathComponent("_data")
            .appendingPathComponent(scenario)
        let (data, _) = try await URLSession.shared.data(from: url)
        let counts = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return counts?["not_modified"] as? Int ?? -1
    }
}

/// The wall clock of the device, which the user (or the network time) can move: the client's
/// `RuntimeClock`, whose `currentDate()` the HTTP cache reads. Durations and sleeps stay real.
final class MovableClock: RuntimeClock {
    private let offset = LockedBox<TimeInterval>(0)

    func now() -> TimeInterval { SystemClock().now() }
    func currentDate() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }
    func sleep(for seconds: TimeInterval) async throws { try await SystemClock().sleep(for: seconds) }

    /// Moves the device's date by `seconds` (negative: back).
    func move(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
