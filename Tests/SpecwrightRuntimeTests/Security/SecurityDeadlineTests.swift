import Foundation
import SpecwrightRuntime
import Testing

/// Issue #21 item 5: every timeout is a total deadline per attempt, and every timeout is validated
/// (finite, positive, at most `RequestTimeout.maximum`) wherever it enters — a bad one is an error,
/// never a trap.
@Suite("Security: deadlines hold and timeouts are validated")
struct SecurityDeadlineTests {
    private func dripEndpoint(timeout: TimeInterval, bytes: Int = 40) -> TestEndpoint {
        var query = QueryParameters()
        query.append("bytes", bytes)
        query.append("interval", 1)
        return TestEndpoint(["drip"], query: query, options: EndpointOptions(timeout: timeout))
    }

    /// The server drips one byte per second for 40 s: each byte resets an idle timeout, so only a
    /// total deadline ends the call (before the fix it succeeded after 40 s; the time limit fails it).
    @Test(.timeLimit(.minutes(1)), arguments: [2.0, 1.5])
    func aServerDrippingOneBytePerSecondCannotStretchTheTimeout(timeout: TimeInterval) async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await client.sendData(dripEndpoint(timeout: timeout))
        }
        guard case .timeout = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallingTaskEndsADrippingExchangeAtOnce() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        let endpoint = dripEndpoint(timeout: 120)
        let call = Task { try await client.sendData(endpoint) }
        try await Task.sleep(nanoseconds: 300_000_000)
        call.cancel()
        let result = await call.result
        guard case .failure(let error as SpecwrightError) = result, error.isCancellation else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
    }

    @Test(arguments: [1e11 + 0.5, 1.8e10 + 0.25, RequestTimeout.maximum + 1, .infinity, -.infinity, .nan, 0, -1, -0.5])
    func anEndpointTimeoutThatIsNotAUsableDeadlineIsAnInvalidRequestNotATrap(timeout: TimeInterval) async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["x"], options: EndpointOptions(timeout: timeout)))
        }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("timeout"))
        #expect(stub.requests.isEmpty)
    }

    @Test func aServiceDefaultTimeoutIsValidatedToo() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let service = ServiceDescription(
            name: "T", baseURL: try #require(URL(string: "https://api.example.com")), timeout: 1e11 + 0.5)
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(stub.requests.isEmpty)
    }

    private struct TimeoutRewriter: Interceptor {
        let timeout: TimeInterval
        func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
            var request = request
            request.timeout = timeout
            return request
        }
    }

    @Test func aTimeoutAnInterceptorSetIsValidatedBeforeTheTransportSeesIt() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(
            transport: stub, interceptors: [TimeoutRewriter(timeout: 1e11 + 0.5)], logging: .disabled,
            clock: RecordingClock())
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: configuration)
        await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(stub.requests.isEmpty)
    }

    /// The URLSession transport itself refuses an unusable timeout (a custom pipeline may call it directly).
    @Test(.timeLimit(.minutes(1)))
    func theURLSessionTransportRefusesAnUnusableTimeoutInsteadOfTrapping() async throws {
        let server = try FixtureServer.shared()
        let url = server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("json1k")
        let transport = URLSessionTransport()
        for timeout in [1e11 + 0.5, .nan, -1] {
            await #expect(throws: SpecwrightError.self) {
                _ = try await transport.send(HTTPRequest(method: .get, url: url, timeout: timeout))
            }
        }
        let response = try await transport.send(HTTPRequest(method: .get, url: url, timeout: 5.5))
        #expect(response.status == 200)
    }

    /// A stored row whose timeout would overflow the nanosecond conversion is dead-lettered with a
    /// reason; the healthy row after it is still delivered (before the fix every flush trapped).
    @Test(.timeLimit(.minutes(1)))
    func anOutboxRowWithAnUnusableTimeoutIsRejectedAndTheNextRowStillGoesOut() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "deadline-outbox-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let outbox = try Outbox(fileURL: file)
        let url = server.scenarioURL(sid).appendingPathComponent("outbox")
        try outbox.enqueue(
            OutboxRequest(method: "POST", url: url, body: Data("{}".utf8), timeout: 1e11 + 0.5), operationName: "w.bad")
        try outbox.enqueue(
            OutboxRequest(method: "POST", url: url, body: Data("{}".utf8), timeout: 60), operationName: "w.good")
        let result = try await client.flush(outbox)
        #expect(result.delivered == 1)
        #expect(result.deadLettered == 1)
        let failed = try outbox.failed()
        #expect(failed.map(\.operationName) == ["w.bad"])
    }
}
