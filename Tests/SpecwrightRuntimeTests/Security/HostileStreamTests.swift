import Foundation
import SpecwrightRuntime
import Testing

/// Streamed responses from a hostile server (`Tests/Fixtures/hostile_body_fixture.py`): a line that
/// never ends, an event that never ends, odd fields, a server that replays one event forever. Each
/// ends as the standard says or with a typed error, with memory bounded by the client's
/// `TransferLimits.maximumResponseBytes` (1 MiB here) — never a crash, a hang or a reconnect storm.
@Suite("Security: a hostile server's streamed responses")
struct HostileStreamTests {
    static let limit = 1 << 20

    private func client(_ server: FixtureServer, sid: String) -> APIClient {
        TestSupport.fixtureClient(server, sid: sid, retry: RetryPolicy.none) { configuration in
            configuration.transferLimits.maximumResponseBytes = Self.limit
        }
    }

    private func endpoint(_ kind: String) -> TestEndpoint {
        TestEndpoint(["hostile", kind], options: EndpointOptions(timeout: 20))
    }

    /// Reads every element of `sequence` and returns the error that ended it (nil: it ended normally).
    private func failure<S: AsyncSequence>(of sequence: S) async -> (any Error)? {
        do {
            for try await _ in sequence {}
            return nil
        } catch {
            return error
        }
    }

    private func expectTooLarge(_ error: (any Error)?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = error as? SpecwrightError, case .responseTooLarge(let limit) = error.kind else {
            Issue.record("expected .responseTooLarge, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(limit == Self.limit, sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEventStreamLineThatNeverEndsFailsAtTheLimit() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        expectTooLarge(await failure(of: try await client(server, sid: sid).events(endpoint("sse-endless-line"))))
    }

    @Test(.timeLimit(.minutes(1)))
    func anEventOfEndlessDataLinesFailsAtTheLimit() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        expectTooLarge(await failure(of: try await client(server, sid: sid).events(endpoint("sse-data-flood"))))
    }

    @Test(.timeLimit(.minutes(1)))
    func aJSONLineThatNeverEndsFailsAtTheLimit() async throws {
        struct Line: Decodable, Sendable {
            var n: Int
        }
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let lines = try await client(server, sid: sid).jsonLines(endpoint("ndjson-endless-line"), as: Line.self)
        expectTooLarge(await failure(of: lines))
    }

    @Test(.timeLimit(.minutes(1)))
    func oddFieldsAreReadAsTheStandardSays() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var events: [ServerSentEvent] = []
        for try await event in try await client(server, sid: sid).events(endpoint("sse-odd-fields")) {
            events.append(event)
        }
        #expect(
            events.map(\.data) == [
                "after retries", "id kept", "\u{FFFD}\u{FFFD} bad utf-8", "\u{FEFF}bom in data", "cr"
            ])
        #expect(events.allSatisfy { $0.id == nil })  // an id with NUL is ignored
        #expect(events.first?.retry == 1_000_000_000_000)  // kept as sent, waited at most a minute
        #expect(events.dropFirst().allSatisfy { $0.retry == nil })  // `retry: -5` is ignored
    }

    /// The server sends `retry: 0`, one event with id 1 and drops the connection, on every
    /// connection: reconnections that bring nothing new count as failures in a row, so the stream
    /// ends after `maxAttempts` of them instead of reconnecting as fast as the server answers.
    @Test(.timeLimit(.minutes(1)))
    func aServerReplayingOneEventCannotCauseAReconnectStorm() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let events = try await client(server, sid: sid).events(endpoint("sse-replay"))
        var received = 0
        var ending: (any Error)?
        do {
            for try await event in events {
                #expect(event.data == "same" && event.id == "1")
                received += 1
                if received == 50 { break }  // a storm: the assertions below fail
            }
        } catch {
            ending = error
        }
        let reconnect = ServerSentEventReconnect.default
        #expect(received == reconnect.maxAttempts + 1)
        #expect(try await server.stats(sid).hits == reconnect.maxAttempts + 1)
        let error = ending as? SpecwrightError
        #expect(error?.isOffline == true || error?.category == .transport, "\(String(describing: ending))")
        let reopened = try await server.stats(sid).requests.dropFirst()
        #expect(reopened.allSatisfy { $0.headers["last-event-id"] == "1" })
    }

    /// The same server with an id of the server's choosing: up to
    /// `ServerSentEventReconnect.maximumLastEventIDBytes` it is sent back as `Last-Event-ID`; a
    /// longer one would make every reconnection carry a request header field of any size, so the
    /// stream fails with the connection's error after its one connection instead.
    @Test(.timeLimit(.minutes(1)), arguments: [ServerSentEventReconnect.maximumLastEventIDBytes, 64 << 10])
    func aLastEventIDLongerThanTheLimitIsNeverSentBack(idBytes: Int) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var query = QueryParameters()
        query.append("idbytes", String(idBytes))
        let sseEndpoint = TestEndpoint(["hostile", "sse-replay"], query: query, options: EndpointOptions(timeout: 20))
        let events = try await client(server, sid: sid).events(sseEndpoint)
        let id = String(repeating: "i", count: idBytes)
        var received = 0
        var ending: (any Error)?
        do {
            for try await event in events {
                #expect(event.data == "same" && event.id == id)
                received += 1
                if received == 50 { break }
            }
        } catch {
            ending = error
        }
        let error = ending as? SpecwrightError
        #expect(error?.isOffline == true || error?.category == .transport, "\(String(describing: ending))")
        let connections =
            idBytes <= ServerSentEventReconnect.maximumLastEventIDBytes
            ? ServerSentEventReconnect.default.maxAttempts + 1 : 1
        #expect(received == connections)
        let requests = try await server.stats(sid).requests
        #expect(requests.count == connections)
        #expect(requests.dropFirst().allSatisfy { $0.headers["last-event-id"] == id })
    }
}
