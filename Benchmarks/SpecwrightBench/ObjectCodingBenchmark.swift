import Foundation

/// What the leaner generated objects cost at run time: the same 12-field object written the way
/// the default templates write it (`FieldDecoder`, `_GeneratedObject`) and with
/// compiler-synthesized `Codable`/`Hashable`, timed in interleaved rounds for decoding a JSON
/// array of 200 objects, encoding it, and comparing and hashing the 200 objects.
enum ObjectCodingBenchmark {
    static func run() throws {
        let json = Data(("[" + (0..<200).map(sampleObject).joined(separator: ",") + "]").utf8)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let generated = try decoder.decode([GeneratedShape].self, from: json)
        let synthesized = try decoder.decode([SynthesizedShape].self, from: json)
        let generatedCopy = try decoder.decode([GeneratedShape].self, from: json)
        let synthesizedCopy = try decoder.decode([SynthesizedShape].self, from: json)
        let timer = BenchmarkTimer(iterations: Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 30)
        // Each pair is timed in its own interleaved rounds: ratios are of the same round.
        let pairs: [(String, BenchmarkTimer.Stage, BenchmarkTimer.Stage)] = [
            (
                "decode",
                .init(name: "synthesized") { (try? decoder.decode([SynthesizedShape].self, from: json).count) ?? 0 },
                .init(name: "generated") { (try? decoder.decode([GeneratedShape].self, from: json).count) ?? 0 }
            ),
            (
                "encode",
                .init(name: "synthesized") { (try? encoder.encode(synthesized).count) ?? 0 },
                .init(name: "generated") { (try? encoder.encode(generated).count) ?? 0 }
            ),
            (
                "== and hash",
                .init(name: "synthesized") {
                    zip(synthesized, synthesizedCopy).filter { $0 == $1 }.count + Set(synthesized).count
                },
                .init(name: "generated") {
                    zip(generated, generatedCopy).filter { $0 == $1 }.count + Set(generated).count
                }
            )
        ]
        for (name, synthesizedStage, generatedStage) in pairs {
            let (results, ratios) = timer.measure([synthesizedStage, generatedStage])
            let ratio = ratios[1]
            print(
                String(
                    format: "%@ generated ÷ synthesized %.2f× [%.2f–%.2f]   (%.2f vs %.2f µs per object; output %d)",
                    name.padding(toLength: 11, withPad: " ", startingAt: 0) as NSString, ratio[ratio.count / 2],
                    ratio[0], ratio[ratio.count - 1],
                    results[1].median * 1e6 / 200, results[0].median * 1e6 / 200, results[1].output))
        }
    }

    static func sampleObject(_ index: Int) -> String {
        #"{"sid":"AC\#(index)","friendly_name":"account \#(index)","status":"active","count":\#(index),"ratio":0.5,"#
            + #""enabled":true,"tags":["a","b"],"metadata":{"k":"v"},"owner_sid":null,"uri":"/2010/Accounts/\#(index)","#
            + #""date_created":"Mon, 01 Jan 2024","price":"1.00"}"#
    }
}
