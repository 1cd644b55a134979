import Foundation
import SpecwrightRuntime

/// Server-sent events decoded per second (issue #19): a `text/event-stream` body of 20,000 events
/// (an `id:` line and a `data:` line of ~110 bytes of JSON each, CRLF and LF mixed, a comment every
/// 100 events) in 4 KiB chunks, through
///   1. raw line splitting — counting LF-terminated lines byte by byte, the floor any parser pays;
///   2. `ServerSentEventParser` — the WHATWG interpretation, events as `ServerSentEvent` values;
///   3. the parser plus `JSONDecoder` for each event's data (what a typed stream does per event);
///   4. `ServerSentEventStream<Token>` over an `HTTPBody` — the whole async path a generated
///      method's caller iterates;
///   5. `APIClient.events(_:as:)` answered by `StubTransport.streaming`: the client's path minus
///      the network; again with one chunk per event (a server that flushes every event, as
///      language-model APIs do).
/// Every stage runs once per round, interleaved (1, 2, 3, 4, 5, 1, 2, …, after a warm-up round),
/// timed in CPU time of the process (the async stages may change threads; nothing else runs), so
/// the ratios hold on a busy machine where wall time mostly measures the other jobs.
/// `BENCH_ROUNDS` sets the rounds (default 15).
enum StreamEventsBenchmark {
    struct Token: Decodable, Sendable {
        var id: Int
        var text: String
        var done: Bool
        var score: Double
    }

    struct Live: Endpoint {
        var operationName: String { "bench.live" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["live"] }
    }

    static let eventCount = 20_000

    /// The events' text, one string per event.
    static func events(_ count: Int) -> [String] {
        (0..<count).map { index in
            let end = index % 2 == 0 ? "\n" : "\r\n"
            return (index % 100 == 0 ? ": keep-alive\n" : "")
                + "id: \(index)\(end)data: {\"id\":\(index),\"text\":\"token number \(index) of the completion\",\"done\":false,\"score\":0.\(index % 97)}\(end)\(end)"
        }
    }

    struct Stage {
        /// A short name: `raw`, `parser`, `sync`, `stream`, `client`.
        var id: String
        var name: String
        var body: () async throws -> Int
    }

    /// The stages over a body of `eventCount` events in 4 KiB chunks, or one chunk per event.
    /// `Benchmarks/StreamInstructions/main.swift` runs one of them under callgrind.
    static func stages(eventCount: Int, oneChunkPerEvent: Bool) -> [Stage] {
        let events = events(eventCount)
        let body = Data(events.joined().utf8)
        let chunks =
            oneChunkPerEvent
            ? events.map { Data($0.utf8) }
            : stride(from: 0, to: body.count, by: 4096).map { body.subdata(in: $0..<min($0 + 4096, body.count)) }
        let decoder = JSONDecoder()
        let stub = StubTransport.streaming(recordsRequests: false) { _ in
            HTTPStreamedResponse(
                status: 200, headers: ["Content-Type": "text/event-stream"], body: HTTPBody(chunks: chunks))
        }
        let service = ServiceDescription(name: "Bench", baseURL: URL(string: "https://example.com/bench")!)
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let per = oneChunkPerEvent ? ", 1/chunk" : ""
        return [
            Stage(id: "raw", name: "raw line splitting" + per) {
                var lines = 0
                for chunk in chunks { for byte in chunk where byte == 0x0A { lines += 1 } }
                return lines
            },
            Stage(id: "parser", name: "ServerSentEventParser" + per) {
                var parser = ServerSentEventParser()
                var events = 0
                for chunk in chunks { events += try parser.parse(chunk).count }
                return events
            },
            Stage(id: "sync", name: "parser + JSONDecoder" + per) {
                var parser = ServerSentEventParser()
                var sum = 0
                for chunk in chunks {
                    for event in try parser.parse(chunk) {
                        sum += try decoder.decode(Token.self, from: Data(event.data.utf8)).id
                    }
                }
                return sum
            },
            Stage(id: "stream", name: "ServerSentEventStream" + per) {
                var sum = 0
                for try await token in ServerSentEventStream<Token>(
                    ServerSentEvents(HTTPBody(chunks: chunks)), decoder: decoder)
                { sum += token.id }
                return sum
            },
            Stage(id: "client", name: "APIClient.events" + per) {
                var sum = 0
                for try await token in try await client.events(Live(), as: Token.self) { sum += token.id }
                return sum
            }
        ]
    }

    static func run() async throws {
        let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 15
        let stages =
            stages(eventCount: eventCount, oneChunkPerEvent: false)
            + stages(eventCount: eventCount, oneChunkPerEvent: true).filter { $0.id == "client" }
        var outputs = Array(repeating: 0, count: stages.count)
        var samples = Array(repeating: [Double](), count: stages.count)
        for round in 0...rounds {
            for (index, stage) in stages.enumerated() {
                let start = processCPUSeconds()
                outputs[index] = try await stage.body()
                if round > 0 { samples[index].append(processCPUSeconds() - start) }
            }
        }
        print(
            "\(eventCount) events, 2.0 MB in 4 KiB chunks (1/chunk: one chunk per event); \(rounds) rounds, process CPU time"
        )
        let reference = samples[2].sorted()[rounds / 2]
        for (index, stage) in stages.enumerated() {
            let sorted = samples[index].sorted()
            let median = sorted[rounds / 2]
            let name = stage.name.padding(toLength: 26, withPad: " ", startingAt: 0)
            print(
                name
                    + String(
                        format:
                            " median %8.2f ms  best %8.2f ms  %10.0f events/s  x%.2f of parser + JSONDecoder  output %d",
                        median * 1000, sorted[0] * 1000, Double(eventCount) / median, median / reference, outputs[index]
                    ))
        }
    }

    /// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`, nanosecond resolution).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
