import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects metrics events.
private final class EventRecorder: MetricsObserver {
    private let box = LockedBox<[CallEvent]>([])
    var events: [CallEvent] { box.withLock { $0 } }
    func record(_ event: CallEvent) { box.withLock { $0.append(event) } }
}

/// Issue #21 item 8 against a real server: what the debug log, `SpecwrightError` and its wrapped
/// `URLError` show.
@Suite("Security: redaction against a real server")
struct SecurityRedactionFixtureTests {
    static let secret = "S3cr3tV4lue"

    private func signedQuery() -> QueryParameters {
        var query = QueryParameters()
        query.append("page", 2)
        query.append("X-Amz-Signature", Self.secret)
        query.append("sig", Self.secret)
        query.append("signature", Self.secret)
        return query
    }

    @Test(.timeLimit(.minutes(1)))
    func theDebugLogOfFormMultipartAndJSONBodiesAndTheirEchoesShowsNoSecret() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let log = LogRecorder()
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.logging = LoggingConfiguration(isEnabled: true, sink: log, maxBodyBytes: 4096)
        }
        let secret = Self.secret
        let bodies: [RequestBody] = [
            .formURLEncoded([FormField(name: "username", value: "ann"), FormField(name: "newPassword", value: secret)]),
            .multipart([
                MultipartPart(name: "title", data: Data("visible-title".utf8)),
                MultipartPart(name: "clientSecret", data: Data(secret.utf8)),
                MultipartPart(name: "meta", contentType: "application/json", data: Data(#"{"otp":"\#(secret)"}"#.utf8))
            ]),
            .data(Data("{\"a\":1}\n{\"otp\":\"\(secret)\"}\n".utf8), contentType: "application/x-ndjson"),
            .data(Data(")]}',\n{\"newPassword\":\"\(secret)\"}".utf8), contentType: "application/json")
        ]
        for body in bodies {
            _ = try await client.sendData(TestEndpoint(["echo"], method: .post, query: signedQuery(), body: body))
        }
        let text = log.text
        #expect(log.entries.count == 8)
        #expect(!text.contains(secret), "leaked: \(text)")
        #expect(text.contains("page=2"))
        #expect(text.contains("visible-title"))
        #expect(text.contains("username=ann"))
    }

    @Test(.timeLimit(.minutes(1)))
    func anHTTPErrorsDescriptionShowsNoSignature() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let events = EventRecorder()
        let client = TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none) { $0.metrics = [events] }
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["status", "503"], query: signedQuery()))
        }
        let description = try #require(error).description
        #expect(!description.contains(Self.secret))
        #expect(description.contains("X-Amz-Signature=<redacted>"))
        #expect(description.contains("page=2"))
        let event = try #require(events.events.first?.error)
        #expect(!String(describing: event).contains(Self.secret))
    }

    @Test(.timeLimit(.minutes(1)))
    func theURLErrorInsideATransportErrorCarriesNoSecretInItsUserInfo() async throws {
        let server = try FixtureServer(lifetime: 30)
        server.stop()  // nothing listens on the port any more: a real connection failure
        let events = EventRecorder()
        let client = APIClient(
            service: TestSupport.service(server.scenarioURL("gone"), retry: RetryPolicy.none),
            configuration: ClientConfiguration(logging: .disabled, metrics: [events], clock: RecordingClock()))
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["x"], query: signedQuery()))
        }
        guard case .transport(let urlError) = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
        #expect(!urlError.userInfo.isEmpty)
        for (key, value) in urlError.userInfo {
            #expect(!String(describing: value).contains(Self.secret), "\(key) leaks: \(value)")
        }
        #expect(urlError.failingURL.map { !$0.absoluteString.contains(Self.secret) } ?? true)
        #expect(!String(describing: error).contains(Self.secret))
        let event = try #require(events.events.first?.error)
        #expect(!String(describing: event).contains(Self.secret))
    }

    @Test func aCustomTransportsURLErrorIsRebuiltWithEveryFailingURLKeyRedacted() async throws {
        let stub = StubTransport { request in
            let underlying = NSError(domain: "Inner", code: 7, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
            throw URLError(
                .networkConnectionLost,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: request.url, "NSErrorFailingURLStringKey": request.url.absoluteString,
                    "NSURLErrorFailingURLStringErrorKey": request.url.absoluteString, "Text": "see \(request.url)",
                    NSLocalizedDescriptionKey: "The connection to \(request.url.absoluteString) was lost.",
                    NSUnderlyingErrorKey: underlying
                ])
        }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), retry: RetryPolicy.none)
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["x"], query: signedQuery()))
        }
        guard case .transport(let urlError) = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
        #expect(urlError.userInfo.count == 6)
        for (key, value) in urlError.userInfo {
            #expect(!String(describing: value).contains(Self.secret), "\(key) leaks: \(value)")
        }
        let inner = try #require(urlError.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(inner.domain == "Inner" && inner.code == 7)
        #expect(!String(describing: inner.userInfo).contains(Self.secret))
        #expect(urlError.failingURL?.absoluteString.contains("page=2") == true)
    }
}
