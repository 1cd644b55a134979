import Foundation
import SpecwrightRuntime

/// A configurable endpoint for runtime tests.
struct TestEndpoint: Endpoint {
    var operationName = "test.call"
    var method: HTTPMethod = .get
    var pathSegments: [String]
    var hasTrailingSlash = false
    var query = QueryParameters()
    var headers: [HTTPHeader] = []
    var cookies = QueryParameters()
    var body: RequestBody?
    var options = EndpointOptions()
    var errorBodies: [TypedErrorBody] = []

    init(
        _ pathSegments: [String], method: HTTPMethod = .get, query: QueryParameters = QueryParameters(),
        headers: [HTTPHeader] = [], body: RequestBody? = nil, options: EndpointOptions = EndpointOptions(),
        errorBodies: [TypedErrorBody] = []
    ) {
        self.pathSegments = pathSegments
        self.method = method
        self.query = query
        self.headers = headers
        self.body = body
        self.options = options
        self.errorBodies = errorBodies
    }
}

/// Responses tests decode.
struct AttemptBody: Codable, Sendable, Hashable {
    var attempt: Int
}

/// Test-wide helpers.
enum TestSupport {
    /// A service on `baseURL` with a deterministic retry policy (no jitter) unless given.
    static func service(
        _ baseURL: URL, auth: AuthScheme = .none,
        retry: RetryPolicy = RetryPolicy(maxRetries: 3, baseDelay: 0.5, maxDelay: 8, jitter: .none),
        dates: DateCoding = .iso8601
    ) -> ServiceDescription {
        ServiceDescription(name: "Test", baseURL: baseURL, auth: auth, dates: dates, timeout: 10, retry: retry)
    }

    /// A client against the fixture server's scenario `sid`, never sleeping for real unless a clock is given.
    static func fixtureClient(
        _ server: FixtureServer, sid: String, auth: AuthScheme = .none, retry: RetryPolicy? = nil,
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) -> APIClient {
        var configuration = ClientConfiguration(logging: .disabled, clock: RecordingClock())
        configure(&configuration)
        let service =
            retry.map { self.service(server.scenarioURL(sid), auth: auth, retry: $0) }
            ?? self.service(server.scenarioURL(sid), auth: auth)
        return APIClient(service: service, configuration: configuration)
    }
}
