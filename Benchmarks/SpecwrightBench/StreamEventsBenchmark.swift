import Foundation
import SpecwrightRuntime

/// Server-sent events decoded per second (issue #19): a `text/event-stream` body of 20,000 events
/// (an `id:` line and a `data:` line of ~110 bytes of JSON each, CRLF and LF mixed, a comment every
/// 100 events) in 4 KiB chunks, through
///   1. raw line splitting — counting LF-terminated lines byte by byte, the floor any parser pays;
///   2. `ServerSentEventParser` — the WHATWG interpretation, events as `ServerSentEvent` values;
///   3. the parser plus `JSONDecoder` for each event's data (what a typed stream does per event);
///   4. `ServerSentEventStream<Token>` over an `HTTPBody` — the whole async path a generated
///      method's caller iterates (measured in wall time, best of the rounds).
/// Stages 1–3 run in interleaved rounds and are timed in thread CPU time (`BenchmarkTimer`).
/// `BENCH_ROUNDS` sets the rounds (default 15).
enum StreamEventsBenchmark {
    struct Token: Decodable, Sendable {
        var id: Int
        var text: String
        var done: Bool
        var score: Double
    }

    static let eventCount = 20_000

    static func body() -> Data {
        var text = ""
        for index in 0..<eventCount {
            if index % 100 == 0 { text += ": keep-alive\n" }
            let end = index % 2 == 0 ? "\n" : "\r\n"
            text += "id: \(index)\(end)data: {\"id\":\(index),\"text\":\"token number \(index) of the completion\",\"done\":false,\"score\":0.\(index % 97)}\(end)\(end)"
        }
        return Data(text.utf8)
    }

    static func chunks(of body: Data, size: Int = 4096) -> [Data] {
        stride(from: 0, to: body.count, by: size).map { body.subdata(in: $0..<min($0 + size, body.count)) }
    }

    static func run() async throws {
        let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 15
        let body = body()
        let chunks = chunks(of: body)
        let decoder = JSONDecoder()
        let timer = BenchmarkTimer(iterations: rounds)
        let (results, ratios) = timer.measure([
            .init(name: "raw line splitting") {
                var lines = 0
                for chunk in chunks { for byte in chunk where byte == 0x0A { lines += 1 } }
                return lines
            },
            .init(name: "ServerSentEventParser") {
                var parser = ServerSentEventParser()
                var events = 0
                for chunk in chunks { events += (try? parser.parse(chunk).count) ?? 0 }
                return events
            },
            .init(name: "parser + JSONDecoder") {
                var parser = ServerSentEventParser()
                var sum = 0
                for chunk in chunks {
                    for event in (try? parser.parse(chunk)) ?? [] {
                        sum += (try? decoder.decode(Token.self, from: Data(event.data.utf8)))?.id ?? 0
                    }
                }
                return sum
            },
        ])
        print("body: \(body.count) bytes, \(eventCount) events, \(chunks.count) chunks of 4 KiB; \(rounds) rounds")
        for (index, result) in results.enumerated() {
            let perSecond = Double(eventCount) / result.median
            let name = result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            print(name + String(format: " median %8.2f ms  best %8.2f ms  %12.0f events/s  x%.2f of raw (median ratio)  output %d",
                                result.median * 1000, result.minimum * 1000, perSecond, ratios[index][ratios[index].count / 2], result.output))
        }
        var best = Double.infinity
        var received = 0
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            received = 0
            let stream = ServerSentEventStream<Token>(ServerSentEvents(HTTPBody(chunks: chunks)), decoder: decoder)
            for try await token in stream { received += token.id >= 0 ? 1 : 0 }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print("ServerSentEventStream   " + String(format: " best %8.2f ms  %12.0f events/s (wall, %d events)", best * 1000, Double(received) / best, received))
    }
}
