import Foundation
import SpecwrightRuntime
import Testing

/// Per-endpoint security requirements against the fixture server, which records every request's
/// path (with its query), `Authorization` and `Cookie` headers.
@Suite("Credentials go only where the endpoint asks for them")
struct SecurityRequirementTests {
    /// A token provider whose refresh only counts (the tests check it is, or is not, called).
    private static func countingTokens(_ refreshes: LockedBox<Int>) -> TokenProvider {
        TokenProvider(
            token: { "the-token" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "refreshed-token"
            })
    }

    private static func query(_ name: String, _ value: String) -> QueryParameters {
        var query = QueryParameters()
        query.append(name, value)
        return query
    }

    private static func requests(_ server: FixtureServer, _ sid: String, suffix: String) async throws -> [FixtureServer
        .Stats.Request]
    {
        try await server.stats(sid).requests.filter { $0.path.contains(suffix) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aPublicEndpointGetsNoCredentialsAndItsUnauthorizedStartsNoRefresh() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refreshes = LockedBox(0)
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.tokenProvider = Self.countingTokens(refreshes)
            $0.apiKeyProvider = { "the-key" }
            $0.basicCredentialsProvider = { BasicCredentials(username: "ann", password: "pw") }
        }
        try await client.send(TestEndpoint(["status", "200"], options: EndpointOptions(auth: .none)))
        await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["status", "401"], options: EndpointOptions(auth: .none)))
        }
        // Anonymous access allowed and no provider for the other alternative: nothing is sent either.
        await #expect(throws: SpecwrightError.self) {
            try await client.send(
                TestEndpoint(
                    ["status", "401"], query: Self.query("optional", "1"),
                    options: EndpointOptions(auth: .anyOf([[.apiKeyHeader("X-Other")], []]))))
        }
        #expect(refreshes.withLock { $0 } == 0)
        let sent = try await server.stats(sid).requests
        #expect(sent.count == 3)
        for request in sent {
            #expect(request.headers["authorization"] == nil, "\(request.path)")
            #expect(request.headers["cookie"] == nil, "\(request.path)")
            #expect(!request.path.contains("the-key"), "\(request.path)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anEndpointAuthenticatedByAPIKeyNeverRefreshesTheBearerToken() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refreshes = LockedBox(0)
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.tokenProvider = Self.countingTokens(refreshes)
            $0.apiKeyProvider = { "the-key" }
        }
        let endpoint = TestEndpoint(
            ["status", "401"], options: EndpointOptions(auth: .anyOf([[.apiKeyHeader("X-Api-Key")]])))
        await #expect(throws: SpecwrightError.self) { try await client.send(endpoint) }
        #expect(refreshes.withLock { $0 } == 0)
        let sent = try await Self.requests(server, sid, suffix: "/status/401")
        #expect(sent.map { $0.headers["x-api-key"] } == ["the-key"])
        #expect(sent.map { $0.headers["authorization"] } == [nil])
    }

    @Test(.timeLimit(.minutes(1)))
    func aBearerEndpointOfAServiceWithoutAuthRefreshesOnceAndReplays() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refreshClient = TestSupport.fixtureClient(server, sid: sid)
        let stored = LockedBox("expired")
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .none) {
            $0.tokenProvider = TokenProvider(
                token: { stored.withLock { $0 } },
                refresh: { _ in
                    struct Token: Decodable, Sendable { var token: String }
                    let token = try await refreshClient.send(TestEndpoint(["refresh"], method: .post), as: Token.self)
                        .token
                    stored.withLock { $0 = token }
                    return token
                })
        }
        let body = try await client.send(
            TestEndpoint(["auth"], options: EndpointOptions(auth: .anyOf([[.bearer]]))), as: AttemptBody.self)
        #expect(body.attempt == 3)  // 401, the refresh, the replay
        #expect(try await server.stats(sid).refreshes == 1)
        let sent = try await Self.requests(server, sid, suffix: "/auth")
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer token-1"])
    }

    @Test(.timeLimit(.minutes(1)))
    func alternativesSendTheFirstOneWhoseCredentialsAreConfigured() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let requirement = AuthRequirement.anyOf([[.bearer], [.apiKeyQuery("api_key")]])
        let keyOnly = TestSupport.fixtureClient(server, sid: sid) { $0.apiKeyProvider = { "k1" } }
        try await keyOnly.send(
            TestEndpoint(
                ["status", "200"], query: Self.query("client", "key"), options: EndpointOptions(auth: requirement)))
        let both = TestSupport.fixtureClient(server, sid: sid) {
            $0.apiKeyProvider = { "k1" }
            $0.tokenProvider = TokenProvider(token: { "t1" })
        }
        try await both.send(
            TestEndpoint(
                ["status", "200"], query: Self.query("client", "both"), options: EndpointOptions(auth: requirement)))
        let sent = try await Self.requests(server, sid, suffix: "/status/200")
        #expect(sent.map(\.path) == ["/\(sid)/status/200?client=key&api_key=k1", "/\(sid)/status/200?client=both"])
        #expect(sent.map { $0.headers["authorization"] } == [nil, "Bearer t1"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aCombinationSendsEverySchemeOfIt() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.apiKeys = { name in ["X-App-Id": "app-7", "session": "s3ss10n"][name] }
            $0.tokenProvider = TokenProvider(token: { "t2" })
        }
        let requirement = AuthRequirement.anyOf([[.apiKeyHeader("X-App-Id"), .apiKeyCookie("session"), .bearer]])
        try await client.send(
            TestEndpoint(
                ["status", "200"], headers: [HTTPHeader("Cookie", "theme=dark")],
                options: EndpointOptions(auth: requirement)))
        let sent = try await Self.requests(server, sid, suffix: "/status/200")
        #expect(sent.map { $0.headers["x-app-id"] } == ["app-7"])
        #expect(sent.map { $0.headers["cookie"] } == ["theme=dark; session=s3ss10n"])
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer t2"])
    }

    @Test(.timeLimit(.minutes(1)))
    func basicCredentialsAreSentAndNeverLogged() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let log = LogRecorder()
        let credentials = BasicCredentials(username: "Aladdin", password: "open sesame")
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.basicCredentialsProvider = { credentials }
            $0.logging = LoggingConfiguration(isEnabled: true, sink: log)
        }
        try await client.send(TestEndpoint(["status", "200"], options: EndpointOptions(auth: .anyOf([[.basic]]))))
        let sent = try await Self.requests(server, sid, suffix: "/status/200")
        // RFC 7617 §2's example
        #expect(sent.map { $0.headers["authorization"] } == ["Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="])
        #expect(!log.text.isEmpty)
        #expect(!log.text.contains("QWxhZGRpbjpvcGVuIHNlc2FtZQ"))
        #expect(!log.text.contains("open sesame"))
        #expect(!"\(credentials)".contains("open sesame"))
    }

    @Test(.timeLimit(.minutes(1)))
    func anAPIKeyInACookieIsSentAsACookieAndRedactedInLogs() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let log = LogRecorder()
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.apiKeyProvider = { "c00kie-key" }
            $0.logging = LoggingConfiguration(isEnabled: true, sink: log)
        }
        try await client.send(
            TestEndpoint(["status", "200"], options: EndpointOptions(auth: .anyOf([[.apiKeyCookie("api_session")]]))))
        let sent = try await Self.requests(server, sid, suffix: "/status/200")
        #expect(sent.map { $0.headers["cookie"] } == ["api_session=c00kie-key"])
        #expect(!log.text.contains("c00kie-key"))
    }

    @Test func anAPIKeyThatACookieCannotCarryIsRefused() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 200) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, apiKeyProvider: { "a;b=c" }, logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["x"], options: EndpointOptions(auth: .anyOf([[.apiKeyCookie("k")]]))))
        }
        guard case .invalidRequest = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func inheritResolvesToTheServiceSchemeAndNoneStaysNone() {
        #expect(AuthRequirement.inherit.resolved(inheriting: .bearer) == .anyOf([[.bearer]]))
        #expect(AuthRequirement.inherit.resolved(inheriting: .none) == AuthRequirement.none)
        #expect(AuthRequirement.none.resolved(inheriting: .bearer) == AuthRequirement.none)
        #expect(AuthRequirement.anyOf([[.basic]]).resolved(inheriting: .bearer) == .anyOf([[.basic]]))
    }
}
