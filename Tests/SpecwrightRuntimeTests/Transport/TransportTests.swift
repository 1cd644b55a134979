import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSession transport against the fixture server")
struct TransportTests {
    private struct Echo: Decodable, Sendable {
        var method: String
        var path: String
        var query: String
        var requestLine: String
        var headers: [String: String]
        var body: String
    }

    private struct Title: Decodable, Sendable {
        var title: String
    }

    @Test(.timeLimit(.minutes(1)))
    func theEchoEndpointSeesTheEncodedPathQueryHeadersAndBody() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var query = QueryParameters()
        query.append("q", "a b&c")
        query.append("tag", [1, 2])
        let endpoint = TestEndpoint(
            ["echo", "a/b ?#%é"], method: .put, query: query, headers: [HTTPHeader("X-Custom", "yes")],
            body: .json(["k": "v"]))
        let echo = try await client.send(endpoint, as: Echo.self)
        #expect(echo.method == "PUT")
        #expect(echo.requestLine == "PUT /\(sid)/echo/a%2Fb%20%3F%23%25%C3%A9?q=a%20b%26c&tag=1&tag=2 HTTP/1.1")
        #expect(echo.headers["x-custom"] == "yes")
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.headers["x-request-id"]?.count == 36)
        #expect(echo.body == #"{"k":"v"}"#)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowResponseEndsAsATimeout() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        var query = QueryParameters()
        query.append("delay", 3)
        let endpoint = TestEndpoint(["slow"], query: query, options: EndpointOptions(timeout: 0.5))
        let start = ContinuousClock.now
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(endpoint) }
        // FoundationNetworking alone would give up after ~10 ms (it truncates 0.5 s to 0 s).
        #expect(ContinuousClock.now - start >= .milliseconds(450))
        guard case .timeout = error?.kind else {
            Issue.record("expected timeout, got \(String(describing: error))")
            return
        }
        #expect(error?.isRetryable == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func aConnectionClosedMidBodyIsATransportErrorNotACrash() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["truncated"])) }
        switch error?.kind {
        case .transport, .timeout: break
        default: Issue.record("expected a transport error, got \(String(describing: error))")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func invalidJSONIsADecodingErrorWithContext() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await client.send(TestEndpoint(["invalid-json"]), as: Title.self)
        }
        guard case .decoding = error?.kind else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(error?.isRetryable == false)
        #expect(
            error?.description.hasPrefix("test.call GET http://127.0.0.1:\(server.port)/\(sid)/invalid-json failed")
                == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func aLargeBodyArrivesWhole() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var query = QueryParameters()
        query.append("bytes", 4_000_000)
        let response = try await client.response(TestEndpoint(["large"], query: query), as: [String].self)
        #expect(response.value.count == 4_000_000 / 101)
        #expect(response.metadata.bytesReceived > 3_900_000)
    }

    @Test(.timeLimit(.minutes(1)))
    func nothingListensIsAnOfflineTransportError() async throws {
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "http://127.0.0.1:9")), retry: .none),
            configuration: ClientConfiguration(logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(error?.isOffline == true)
        #expect(error?.isRetryable == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func loggedOutputContainsNoTokenOrKey() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let log = LogRecorder()
        let client = TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = TokenProvider(token: { "secret-token-123" })
            $0.logging = LoggingConfiguration(isEnabled: true, sink: log, maxBodyBytes: 200)
        }
        var query = QueryParameters()
        query.append("access_token", "secret-token-123")
        query.append("page", 2)
        query.append("padding", String(repeating: "p", count: 300))
        let endpoint = TestEndpoint(
            ["sequence"], method: .post, query: query, headers: [HTTPHeader("Cookie", "session=secret-token-123")],
            body: .json(["password": "secret-token-123", "name": "Ann", "zz": String(repeating: "z", count: 300)]))
        _ = try await client.sendData(endpoint)
        let text = log.text
        #expect(log.entries.count == 2)
        #expect(text.contains("POST"))
        #expect(text.contains("page=2"))
        #expect(text.contains("<redacted>"))
        #expect(text.contains(#"{"attempt": 1}"#))  // non-secret content stays visible
        #expect(!text.contains("secret-token-123"))
        #expect(text.contains("… ("))  // the request body is longer than 200 bytes: truncated
    }
}
