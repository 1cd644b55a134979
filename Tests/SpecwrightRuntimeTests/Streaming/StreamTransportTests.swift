import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #19 items 1 and 4 against the fixture server (`Tests/Fixtures/stream_fixture.py`):
/// `URLSessionTransport.stream(_:)` hands chunks over as they arrive, with the limits of #21, and
/// `APIClient` decodes server-sent events and JSON Lines from it.
@Suite("Streaming: streamed responses over the network")
struct StreamTransportTests {
    struct Numbered: Codable, Sendable, Hashable {
        var n: Int
    }

    struct Line: Codable, Sendable, Hashable {
        var n: Int
        var text: String
    }

    private func endpoint(_ behaviour: String, _ query: [String: Int] = [:], timeout: TimeInterval = 30) -> TestEndpoint
    {
        var parameters = QueryParameters()
        for (name, value) in query.sorted(by: { $0.key < $1.key }) { parameters.append(name, value) }
        return TestEndpoint([behaviour], query: parameters, options: EndpointOptions(timeout: timeout))
    }

    private struct StreamStats: Decodable {
        var closed: Bool
    }

    /// Waits (polling, within the test's time limit) until the server saw the client go away.
    private func waitUntilClosed(_ server: FixtureServer, sid: String) async throws {
        let url = server.scenarioURL(sid).appendingPathComponent("stream-stats")
        while true {
            let (data, _) = try await URLSession.shared.data(from: url)
            let stats = try JSONDecoder().decode(StreamStats.self, from: data)
            if stats.closed { return }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func eventsArriveBeforeAnEndlessStreamEndsAndLeavingTheLoopClosesTheConnection() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var received: [Numbered] = []
        for try await value in try await client.events(endpoint("sse-endless"), as: Numbered.self) {
            received.append(value)
            if received.count == 3 { break }
        }
        #expect(received == [Numbered(n: 1), Numbered(n: 2), Numbered(n: 3)])
        try await waitUntilClosed(server, sid: sid)
        let request = try #require(try await server.stats(sid).requests.first)
        #expect(request.headers["accept"] == "text/event-stream")
        #expect(request.headers["cache-control"] == "no-cache")
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheReadingTaskClosesTheConnection() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let (firstArrived, signal) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            for try await _ in try await client.events(endpoint("sse-endless"), as: Numbered.self) { signal.yield() }
        }
        for await _ in firstArrived { break }
        reader.cancel()
        let error = await #expect(throws: SpecwrightError.self) { try await reader.value }
        guard case .cancelled? = error?.kind else {
            Issue.record("expected .cancelled, got \(String(describing: error))")
            return
        }
        try await waitUntilClosed(server, sid: sid)
    }

    @Test(.timeLimit(.minutes(1)))
    func theFixtureStreamDecodesAsTheStandardSaysWhateverTheChunking() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        for split in [1, 3, 7, 64] {
            var events: [ServerSentEvent] = []
            for try await event in try await client.events(endpoint("sse", ["split": split])) { events.append(event) }
            #expect(events == StreamParsingTests.expected, "split \(split)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aLostConnectionReconnectsWithLastEventIDAndNoEventTwice() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let clock = RecordingClock()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.clock = clock }
        var received: [Int] = []
        for try await value in try await client.events(
            endpoint("sse-resume", ["total": 6, "cut": 3]), as: Numbered.self)
        {
            received.append(value.n)
        }
        #expect(received == [1, 2, 3, 4, 5, 6])
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["last-event-id"] } == [nil, "3"])
        #expect(clock.sleeps == [ServerSentEventReconnect.default.defaultDelay])
    }

    @Test(.timeLimit(.minutes(1)))
    func withoutReconnectionALostConnectionIsATransportError() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        var received: [Int] = []
        let error = await #expect(throws: SpecwrightError.self) {
            for try await value in try await client.events(
                endpoint("sse-resume", ["total": 6, "cut": 3]), as: Numbered.self, reconnect: .never)
            {
                received.append(value.n)
            }
        }
        #expect(received == [1, 2, 3])
        guard case .transport? = error?.kind else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(error?.operationName == "test.call")
    }

    @Test(.timeLimit(.minutes(1)))
    func jsonLinesDecodeAsTheyArrive() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        var lines: [Line] = []
        for try await line in try await client.jsonLines(endpoint("ndjson", ["count": 40, "split": 9]), as: Line.self) {
            lines.append(line)
        }
        #expect(lines == (1...40).map { Line(n: $0, text: "line \($0)") })
    }

    @Test(.timeLimit(.minutes(1)))
    func aStalledStreamEndsWithATimeoutAfterItsFirstEvent() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        var received: [Numbered] = []
        let error = await #expect(throws: SpecwrightError.self) {
            for try await value in try await client.events(
                endpoint("sse-stall", timeout: 0.5), as: Numbered.self, reconnect: .never)
            {
                received.append(value)
            }
        }
        #expect(received == [Numbered(n: 1)])
        guard case .timeout? = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
    }

    /// A reader that falls behind a fast server: on Apple platforms the transport holds the server
    /// back (all 64 MB arrive through a 4 MB limit on unread bytes); FoundationNetworking cannot, so
    /// the unread bytes are held to the limit and the body fails with `.responseTooLarge`, closing
    /// the connection, instead of growing without bound.
    @Test(.timeLimit(.minutes(2)))
    func aReaderThatFallsBehindNeverHoldsMoreThanTheLimitUnread() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let size = 64 << 20
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.transferLimits = TransferLimits(maximumResponseBytes: 4 << 20)
        }
        var total = 0
        #if canImport(FoundationNetworking)
            // The server writes 64 MB and then holds the exchange open: only the client can end it,
            // which it does once the unread bytes cross the limit. The reader reads only after that:
            // waiting for the server to have written the bytes would not do, as the delegate queue may
            // still hold chunks it has not handed to the body, which a reader then drains in time.
            var iterator = try await client.stream(endpoint("flood", ["bytes": size, "hold": 1])).value
                .makeAsyncIterator()
            try await waitUntilClosed(server, sid: sid)
            let error = await #expect(throws: SpecwrightError.self) {
                while let chunk = try await iterator.next() { total += chunk.count }
            }
            guard case .responseTooLarge(let limit)? = error?.kind else {
                Issue.record("expected .responseTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == 4 << 20)
            #expect(total < 4 << 20)
        #else
            var iterator = try await client.stream(endpoint("flood", ["bytes": size])).value.makeAsyncIterator()
            // a first chunk, then the reader sleeps: the server must wait
            total = try await iterator.next()?.count ?? 0
            try await Task.sleep(nanoseconds: 500_000_000)
            while let chunk = try await iterator.next() { total += chunk.count }
            #expect(total == size)
        #endif
    }

    @Test(.timeLimit(.minutes(1)))
    func anErrorStatusFailsTheCallWithItsBodyAndRetriesHappenBeforeTheStream() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await client.stream(TestEndpoint(["status", "404"]))
        }
        #expect(error?.status == 404)
        var query = QueryParameters()
        query.append("statuses", "503,200")
        let retrying = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let response = try await retrying.stream(TestEndpoint(["sequence"], query: query))
        #expect(response.attempts == 2)
        #expect(try await response.value.collect(upTo: 1 << 16) == Data(#"{"attempt": 2}"#.utf8))
    }

    @Test(.timeLimit(.minutes(1)))
    func streamedResponsesAreNeverCached() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.dataLayer.cache = HTTPCache() }
        var query = QueryParameters()
        query.append("cc", "max-age=600")
        let cached = TestEndpoint(["cached"], query: query, options: EndpointOptions(cache: .cacheFirst(ttl: 600)))
        _ = try await client.sendData(cached)
        _ = try await client.sendData(cached)
        #expect(try await server.stats(sid).hits == 1)  // the same endpoint is cacheable
        for _ in 0..<2 {
            for try await _ in try await client.stream(cached).value {}
        }
        #expect(try await server.stats(sid).hits == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func requestBodiesStreamFromAFileAndFromAnAsyncSequence() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("stream-upload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("body.txt")
        try Data("from a file".utf8).write(to: file)
        let transport = URLSessionTransport()
        let url = server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("echo")
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.yield(Data("from ".utf8))
        continuation.yield(Data("a stream".utf8))
        continuation.finish()
        for (body, expected) in [(try HTTPBody(contentsOf: file), "from a file"), (HTTPBody(chunks), "from a stream")] {
            var request = HTTPRequest(method: .post, url: url)
            request.streamedBody = body
            let response = try await transport.send(request)
            let echoed = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(echoed?["body"] as? String == expected)
            #expect((echoed?["headers"] as? [String: String])?["content-length"] == String(expected.utf8.count))
        }
    }
}
