import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Numbers and shapes from a hostile server that a stub can send exactly: a `Retry-After` of 10¹²
/// seconds or in the year 9999, a JSON body nested 100 000 deep, an SSE `retry:` of 10¹⁵ ms. Each
/// ends in a sane clamp or a typed error, never a wait of years, a crash or a hang.
@Suite("Security: bounds on a hostile server's numbers")
struct HostileAnswerBoundsTests {
    private func client(
        _ stub: StubTransport, clock: RecordingClock, retry: RetryPolicy, envelope: EnvelopeFormat? = nil
    ) throws -> APIClient {
        var service = TestSupport.service(try #require(URL(string: "https://api.example")), retry: retry)
        service.envelope = envelope
        return APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: clock))
    }

    /// 503 with `Retry-After: value`, then 200.
    private func unavailableOnce(retryAfter value: String) -> StubTransport {
        StubTransport(sequence: [
            HTTPResponse(status: 503, headers: ["Retry-After": value]),
            HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8))
        ])
    }

    static let huge = ["1000000000000", "Fri, 31 Dec 9999 23:59:59 GMT", "99999999999999999999999999"]
    static let malformed = ["-5", "1e3", "inf", "nan", "0x10", "+3", ".5", "3."]

    @Test(arguments: huge + malformed)
    func aClampedRetryAfterNeverWaitsLongerThanMaxDelay(value: String) async throws {
        let clock = RecordingClock()
        let retry = RetryPolicy(maxRetries: 1, baseDelay: 0.5, maxDelay: 8, jitter: .none)
        let body = try await client(unavailableOnce(retryAfter: value), clock: clock, retry: retry)
            .send(TestEndpoint(["a"]), as: AttemptBody.self)
        #expect(body.attempt == 2)
        #expect(clock.sleeps.count == 1)
        #expect(clock.sleeps.allSatisfy { $0 >= 0 && $0 <= 8 })
    }

    @Test(arguments: malformed)
    func aRetryAfterThatIsNotDelaySecondsOrADateIsIgnored(value: String) async throws {
        let clock = RecordingClock()
        let retry = RetryPolicy(maxRetries: 1, baseDelay: 0.5, maxDelay: 8, jitter: .none, honoursLongRetryAfter: true)
        _ = try await client(unavailableOnce(retryAfter: value), clock: clock, retry: retry)
            .send(TestEndpoint(["a"]), as: AttemptBody.self)
        #expect(clock.sleeps == [0.5])  // the policy's own backoff
    }

    @Test(arguments: huge)
    func anHonouredRetryAfterOfYearsFailsAtOnceWithTheServersAnswer(value: String) async throws {
        let clock = RecordingClock()
        let stub = unavailableOnce(retryAfter: value)
        let retry = RetryPolicy(maxRetries: 1, baseDelay: 0.5, maxDelay: 8, jitter: .none, honoursLongRetryAfter: true)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client(stub, clock: clock, retry: retry).send(TestEndpoint(["a"]))
        }
        #expect(error?.status == 503)
        #expect(clock.sleeps.isEmpty)
        #expect(stub.requests.count == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEnvelopeNestedAHundredThousandDeepFailsToDecode() async throws {
        let depth = 100_000
        var json = Data(#"{"code":0,"message":"ok","data":"#.utf8)
        json.append(Data(repeating: UInt8(ascii: "["), count: depth))
        json.append(Data(repeating: UInt8(ascii: "]"), count: depth))
        json.append(Data("}".utf8))
        let envelope = EnvelopeFormat(
            codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [])
        let client = try client(
            StubTransport(status: 200, json: json), clock: RecordingClock(), retry: .none, envelope: envelope)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["a"]), as: [JSONValue].self)
        }
        guard case .decoding? = error?.kind else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
    }

    /// 10¹⁵ ms, 19 digits (past `Int64` from 9223372036854775808 on) and 400 digits: the
    /// standard's "a value of ASCII digits sets the reconnection time", clamped, whatever its length.
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            "1000000000000000", "9999999999999999999", "9223372036854775808", String(repeating: "7", count: 400)
        ]
    )
    func anEventStreamsHugeRetryWaitsAtMostAMinute(retry: String) async throws {
        let clock = RecordingClock()
        let requests = LockedBox(0)
        let stub = StubTransport.streaming { _ in
            let number = requests.withLock { count in
                count += 1
                return count
            }
            guard number == 1 else { return HTTPStreamedResponse(status: 204) }
            let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            continuation.yield(Data("retry: \(retry)\nid: 1\ndata: a\n\n".utf8))
            continuation.finish(throwing: URLError(.networkConnectionLost))
            return HTTPStreamedResponse(
                status: 200, headers: ["Content-Type": "text/event-stream"], body: HTTPBody(chunks))
        }
        let client = try client(stub, clock: clock, retry: .none)
        var received: [String] = []
        for try await event in try await client.events(TestEndpoint(["events"])) { received.append(event.data) }
        #expect(received == ["a"])
        #expect(clock.sleeps == [ServerSentEventReconnect.defaultMaximumDelay])
    }
}
