import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19: a streamed operation asks for its own media type. The fixture server's stream routes
/// answer 406 unless `Accept` admits `text/event-stream` (`/ndjson`: `application/x-ndjson`), as
/// strict servers do, so a service whose static headers say `Accept: application/json` must not
/// decide what a stream asks for.
@Suite("Streaming: the operation's media type is the Accept header")
struct StreamAcceptTests {
    struct Numbered: Codable, Sendable, Hashable {
        var n: Int
    }

    /// A client whose service sends `headers` on every request (the spec's `headers:`).
    private func client(_ server: FixtureServer, sid: String, headers: [HTTPHeader]) -> APIClient {
        let service = ServiceDescription(
            name: "Test", baseURL: server.scenarioURL(sid), headers: headers, timeout: 30,
            retry: RetryPolicy(maxRetries: 0, baseDelay: 0.5, maxDelay: 8, jitter: .none))
        return APIClient(
            service: service, configuration: ClientConfiguration(logging: .disabled, clock: RecordingClock()))
    }

    private func endpoint(
        _ behaviour: String, _ query: [String: Int] = [:], headers: [HTTPHeader] = [], accept: String? = nil
    ) -> TestEndpoint {
        var parameters = QueryParameters()
        for (name, value) in query.sorted(by: { $0.key < $1.key }) { parameters.append(name, value) }
        return TestEndpoint([behaviour], query: parameters, headers: headers, options: EndpointOptions(accept: accept))
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["application/json", "application/json, */*;q=0"])
    func eventsAskForTheEventStreamWhateverTheServiceAccepts(serviceAccept: String) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("Accept", serviceAccept)])
        var events: [ServerSentEvent] = []
        for try await event in try await client.events(endpoint("sse")) { events.append(event) }
        #expect(events == StreamParsingTests.expected)
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["accept"] } == ["text/event-stream"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aReconnectAsksForTheEventStreamToo() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("accept", "application/json")])
        var received: [Int] = []
        for try await value in try await client.events(
            endpoint("sse-resume", ["total": 4, "cut": 2]), as: Numbered.self)
        {
            received.append(value.n)
        }
        #expect(received == [1, 2, 3, 4])
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["accept"] } == ["text/event-stream", "text/event-stream"])
        #expect(requests.map { $0.headers["last-event-id"] } == [nil, "2"])
    }

    @Test(.timeLimit(.minutes(1)))
    func jsonLinesAskForJSONLinesWhateverTheServiceAccepts() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("Accept", "application/json")])
        var count = 0
        for try await _ in try await client.jsonLines(endpoint("ndjson", ["count": 3]), as: Numbered.self) {
            count += 1
        }
        #expect(count == 3)
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["accept"] } == [APIClient.jsonLinesMediaTypes])
    }

    @Test(.timeLimit(.minutes(1)))
    func jsonLinesSendTheOperationsDeclaredMediaType() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("Accept", "application/json")])
        var count = 0
        for try await _ in try await client.jsonLines(
            endpoint("ndjson", ["count": 2]), as: Numbered.self, accept: "application/x-ndjson")
        {
            count += 1
        }
        #expect(count == 2)
        #expect(try await server.stats(sid).requests.map { $0.headers["accept"] } == ["application/x-ndjson"])
    }

    @Test(.timeLimit(.minutes(1)))
    func anAcceptTheEndpointSetsItselfIsSent() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("Accept", "application/json")])
        let own = endpoint("sse", headers: [HTTPHeader("Accept", "text/*")])
        var events: [ServerSentEvent] = []
        for try await event in try await client.events(own) { events.append(event) }
        #expect(events == StreamParsingTests.expected)
        #expect(try await server.stats(sid).requests.map { $0.headers["accept"] } == ["text/*"])
    }

    @Test(.timeLimit(.minutes(1)))
    func theServerRefusesAnEndpointAcceptWithoutTheEventStream() async throws {
        let server = try FixtureServer.shared()
        let client = client(server, sid: FixtureServer.newScenario(), headers: [])
        let refused = endpoint("sse", headers: [HTTPHeader("Accept", "application/json")])
        let error = await #expect(throws: SpecwrightError.self) {
            for try await _ in try await client.events(refused) {}
        }
        #expect(error?.status == 406)
    }

    @Test(.timeLimit(.minutes(1)))
    func theOperationsDeclaredMediaTypesAreTheAcceptOfEveryKindOfCall() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, headers: [HTTPHeader("Accept", "application/json")])
        var count = 0
        let lines = endpoint("ndjson", ["count": 2], accept: "application/x-ndjson")
        for try await _ in try await client.jsonLines(lines, as: Numbered.self) { count += 1 }
        #expect(count == 2)
        let events = endpoint("sse-resume", ["total": 1, "cut": 5], accept: "text/event-stream, */*;q=0.1")
        for try await _ in try await client.events(events) { count += 1 }
        #expect(count == 3)
        let bytes = try await client.sendData(endpoint("blob", ["bytes": 1000], accept: "image/png, image/*;q=0.8"))
        #expect(bytes.count == 1000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("accept-\(sid).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        try await client.download(endpoint("blob", ["bytes": 1000], accept: "*/*"), to: file)
        let own = endpoint("blob", ["bytes": 10], headers: [HTTPHeader("accept", "image/webp")], accept: "image/png")
        _ = try await client.sendData(own)
        let accepts = try await server.stats(sid).requests.map { $0.headers["accept"] }
        #expect(
            accepts == [
                "application/x-ndjson", "text/event-stream, */*;q=0.1", "image/png, image/*;q=0.8", "*/*", "image/webp"
            ])
    }
}
