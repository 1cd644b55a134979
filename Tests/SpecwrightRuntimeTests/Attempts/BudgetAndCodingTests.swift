import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry budget, date coding and cancellation")
struct BudgetAndCodingTests {
    private struct Stamp: Codable, Sendable, Hashable {
        var at: Date
    }

    @Test func aRetryAfterATimeoutCostsTenTokensAndOtherRetriesFive() async throws {
        let budget = RetryBudget(RetryBudget.Configuration(capacity: 25, retryCost: 5, timeoutRetryCost: 10))
        #expect(budget.acquire(afterTimeout: true) == 10)
        #expect(budget.acquire(afterTimeout: false) == 5)
        #expect(budget.acquire(afterTimeout: true) == 10)
        #expect(budget.acquire(afterTimeout: false) == nil)
        #expect(budget.available == 0)
        budget.recordSuccess(refunding: 10)
        #expect(budget.available == 10)
        budget.recordSuccess(refunding: 0)
        #expect(budget.available == 11)
    }

    @Test func successesRefundTheirRetriesButNeverOverfillTheBucket() async throws {
        let calls = LockedBox(0)
        let stub = StubTransport { _ in
            let n = calls.withLock { value -> Int in
                value += 1
                return value
            }
            return n % 2 == 1
                ? HTTPResponse(status: 503) : HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8))
        }
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: configuration)
        _ = try await client.send(TestEndpoint(["x"]), as: AttemptBody.self)
        #expect(client.retryBudget?.available == 500)
    }

    @Test func timeoutsSpendTheTimeoutCostFromTheClientBudget() async throws {
        let stub = StubTransport { _ in throw URLError(.timedOut) }
        let configuration = ClientConfiguration(
            transport: stub, retryBudget: RetryBudget.Configuration(capacity: 25, retryCost: 5, timeoutRetryCost: 10),
            logging: .disabled, clock: RecordingClock())
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: configuration)
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(error?.attempts == 3)  // two timeout retries (20 tokens), the third would need 10 more
        #expect(client.retryBudget?.available == 5)
    }

    @Test func iso8601DecodingAcceptsDatesWithAndWithoutFractionalSeconds() throws {
        let decoder = DateCoding.iso8601.makeDecoder()
        let plain = try decoder.decode(Stamp.self, from: Data(#"{"at":"2024-05-01T12:00:00Z"}"#.utf8))
        let fractional = try decoder.decode(Stamp.self, from: Data(#"{"at":"2024-05-01T12:00:00.250Z"}"#.utf8))
        #expect(fractional.at.timeIntervalSince(plain.at) == 0.25)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
        let encoded = try DateCoding.iso8601.makeEncoder().encode(fractional)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"2024-05-01T12:00:00.250Z"}"#)
    }

    @Test func epochDateCodingsRoundTrip() throws {
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_700_000_000.5))
        for coding in [DateCoding.secondsSince1970, .millisecondsSince1970] {
            let data = try coding.makeEncoder().encode(stamp)
            #expect(try coding.makeDecoder().decode(Stamp.self, from: data) == stamp)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingWhileTheRequestIsInFlightEndsTheCallAsCancelledWithoutARetry() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var query = QueryParameters()
        query.append("delay", 30)
        let endpoint = TestEndpoint(["slow"], query: query)
        let task = Task { try await client.send(endpoint) }
        // Wait until the server has seen the request, then cancel.
        while try await server.stats(sid).hits == 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.result
        guard case .failure(let error as SpecwrightError) = result else {
            Issue.record("expected a SpecwrightError, got \(result)")
            return
        }
        #expect(error.isCancellation)
        // The server answers after 30 s; a cancelled call must end long before that.
        #expect(ContinuousClock.now - cancelledAt < .seconds(15))
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test func callIDsAreDistinctVersion4UUIDs() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        for _ in 0..<200 { try await client.send(TestEndpoint(["x"])) }
        let ids = stub.requests.compactMap { $0.headers.value(for: "X-Request-Id") }
        #expect(Set(ids).count == 200)
        #expect(
            ids.allSatisfy { UUID(uuidString: $0) != nil && Array($0)[14] == "4" && "89AB".contains(Array($0)[19]) })
    }

    @Test func errorURLsDropUserInfo() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 404) }
        let service = TestSupport.service(try #require(URL(string: "https://user:pa55@api.example.com")), retry: .none)
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(error?.url == "https://api.example.com/x")
    }
}
