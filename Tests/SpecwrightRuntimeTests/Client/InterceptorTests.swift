import Foundation
import SpecwrightRuntime
import Testing

/// Records the order in which interceptors run.
private struct Recording: Interceptor {
    let name: String
    let journal: LockedBox<[String]>

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        journal.withLock { $0.append("adapt \(name)") }
        var request = request
        request.headers.append(HTTPHeader("X-Seen", name))
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        journal.withLock { $0.append("inspect \(name)") }
        return .proceed
    }
}

/// Asks for one retry when the body says "again".
private struct RetryOnAgain: Interceptor {
    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        response.body == Data("again".utf8) ? .retry(after: 0.25) : .proceed
    }
}

private struct RejectsEverything: Interceptor {
    struct Maintenance: Error {}
    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        throw Maintenance()
    }
}

private struct Failing: Interceptor {
    struct Boom: Error {}
    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest { throw Boom() }
}

@Suite("Interceptors (in-memory transport)")
struct InterceptorTests {
    private let base = URL(string: "https://api.example.com")

    @Test func requestInterceptorsRunInOrderAfterTheBuiltInsAndResponseInterceptorsInReverse() async throws {
        let journal = LockedBox<[String]>([])
        let log = LogRecorder()
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(
            transport: stub, tokenProvider: TokenProvider(token: { "tok" }),
            interceptors: [Recording(name: "a", journal: journal), Recording(name: "b", journal: journal)],
            logging: LoggingConfiguration(isEnabled: true, sink: log))
        let client = APIClient(
            service: TestSupport.service(try #require(base), auth: .bearer), configuration: configuration)
        try await client.send(TestEndpoint(["x"]))
        #expect(journal.withLock { $0 } == ["adapt a", "adapt b", "inspect b", "inspect a"])
        let request = try #require(stub.requests.first)
        let names = request.headers.map(\.name)
        // Built-ins (common headers, request id, auth) come before the app's interceptors.
        let authIndex = try #require(names.firstIndex(of: "Authorization"))
        let appIndex = try #require(names.firstIndex(of: "X-Seen"))
        let userAgentIndex = try #require(names.firstIndex(of: "User-Agent"))
        #expect(userAgentIndex < authIndex && authIndex < appIndex)
        // The logger runs last on the way out (it saw the app's header) and first on the way back.
        #expect(log.entries.count == 2)
        #expect(log.entries.first?.message.contains("X-Seen: b") == true)
    }

    @Test func aResponseInterceptorCanAskForARetryWithADelay() async throws {
        let calls = LockedBox(0)
        let stub = StubTransport { _ in
            let count = calls.withLock { value -> Int in
                value += 1
                return value
            }
            return HTTPResponse(status: 200, body: Data((count == 1 ? "again" : #"{"attempt":2}"#).utf8))
        }
        let clock = RecordingClock()
        let configuration = ClientConfiguration(
            transport: stub, interceptors: [RetryOnAgain()], logging: .disabled, clock: clock)
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        let response = try await client.response(TestEndpoint(["x"]), as: AttemptBody.self)
        #expect(response.value.attempt == 2)
        #expect(clock.sleeps == [0.25])
        #expect(response.metadata.retries.map(\.reason) == ["interceptor"])
    }

    @Test func aRetryRequestOnASuccessfulResponseThatCannotBeRetriedReturnsTheResponse() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 200, body: Data("again".utf8)) }
        let configuration = ClientConfiguration(
            transport: stub, interceptors: [RetryOnAgain()], logging: .disabled, clock: RecordingClock())
        let client = APIClient(
            service: TestSupport.service(try #require(base), retry: .none), configuration: configuration)
        let data = try await client.sendData(TestEndpoint(["x"]))
        #expect(data == Data("again".utf8))
        #expect(stub.requests.count == 1)
    }

    @Test func aRequestInterceptorThatThrowsFailsTheCallWithItsErrorUnchangedWithoutSending() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, interceptors: [Failing()], logging: .disabled)
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        await #expect(throws: Failing.Boom.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(stub.requests.isEmpty)
    }

    @Test func aResponseInterceptorThatThrowsEndsTheCallWithItsErrorUnchanged() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(
            transport: stub, interceptors: [RejectsEverything()], logging: .disabled)
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        await #expect(throws: RejectsEverything.Maintenance.self) { try await client.send(TestEndpoint(["x"])) }
        #expect(stub.requests.count == 1)
    }

    @Test func theConfiguredBaseURLReplacesTheServiceBaseURL() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(
            baseURL: URL(string: "https://staging.example.com/api/"), transport: stub, logging: .disabled)
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        try await client.send(TestEndpoint(["x"]))
        #expect(stub.requests.first?.url.absoluteString == "https://staging.example.com/api/x")
    }

    @Test func loggingRedactsAPIKeysSetCookieAndConfiguredFieldsAndTruncatesBodies() async throws {
        let log = LogRecorder()
        let stub = StubTransport { _ in
            HTTPResponse(
                status: 200, headers: ["Set-Cookie": "sid=cookie-secret", "X-Plain": "visible"],
                body: Data(
                    #"{"account":{"pin":"1234","name":"Ann"},"items":"\#(String(repeating: "x", count: 100))"}"#.utf8))
        }
        let service = ServiceDescription(name: "K", baseURL: try #require(base), auth: .apiKeyHeader("X-Partner-Key"))
        let configuration = ClientConfiguration(
            transport: stub, apiKeyProvider: { "key-secret" },
            logging: LoggingConfiguration(isEnabled: true, sink: log, redactedFields: ["pin"], maxBodyBytes: 60))
        _ = try await APIClient(service: service, configuration: configuration).sendData(TestEndpoint(["x"]))
        let text = log.text
        #expect(!text.contains("key-secret"))
        #expect(!text.contains("cookie-secret"))
        #expect(!text.contains("1234"))
        #expect(text.contains("X-Partner-Key: <redacted>"))
        #expect(text.contains("set-cookie: <redacted>"))
        #expect(text.contains("x-plain: visible"))
        #expect(text.contains("… ("))  // the 100-byte field pushes the body past 60 bytes: truncated
    }

    @Test func loggingIsOffByDefaultExceptToThePlatformLoggerInAppleDebugBuilds() {
        #if DEBUG && canImport(os)
            #expect(LoggingConfiguration.defaultIsEnabled)
        #else
            #expect(!LoggingConfiguration.defaultIsEnabled)
        #endif
        #expect(LoggingConfiguration().isEnabled == LoggingConfiguration.defaultIsEnabled)
        #expect(LoggingConfiguration().sink is PlatformLogSink)
        #expect(ClientConfiguration().logging.sink is PlatformLogSink)
        #expect(!LoggingConfiguration.disabled.isEnabled)
    }

    @Test func commonHeaderProvidersAddClientVersionDeviceIDAndTimestamp() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let common = CommonHeaders(
            userAgent: "App/1.0", acceptLanguage: "de-CH, de;q=0.9",
            clientVersion: { HTTPHeader("X-Client-Version", "1.2.3") },
            deviceID: { HTTPHeader("X-Device-Id", "dev-1") },
            timestampHeader: "X-Timestamp")
        let configuration = ClientConfiguration(
            transport: stub, commonHeaders: common, requestIDHeader: nil, logging: .disabled)
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        try await client.send(TestEndpoint(["x"], headers: [HTTPHeader("Accept", "text/plain")]))
        let headers = try #require(stub.requests.first).headers
        #expect(headers.value(for: "User-Agent") == "App/1.0")
        #expect(headers.value(for: "Accept") == "text/plain")
        #expect(headers.value(for: "Accept-Language") == "de-CH, de;q=0.9")
        #expect(headers.value(for: "X-Client-Version") == "1.2.3")
        #expect(headers.value(for: "X-Device-Id") == "dev-1")
        #expect(headers.value(for: "X-Timestamp").flatMap(Int64.init).map { $0 > 1_600_000_000_000 } == true)
        #expect(headers.value(for: "X-Request-Id") == nil)
    }

    @Test func theRequestIDIsTheSameOnEveryAttemptOfOneCall() async throws {
        let stub = StubTransport { request in
            HTTPResponse(status: 503)
        }
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let client = APIClient(service: TestSupport.service(try #require(base)), configuration: configuration)
        await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["x"])) }
        let ids = stub.requests.map { $0.headers.value(for: "X-Request-Id") }
        #expect(ids.count == 4)
        #expect(Set(ids).count == 1)
    }
}
