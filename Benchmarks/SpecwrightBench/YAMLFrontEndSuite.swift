import Foundation

/// The `yaml` suite: (a) event scan, (b) node tree, (c) decode + validate of one spec, in one run.
enum YAMLFrontEndSuite {
    static func run(arguments: [String]) {
        var path = "Benchmarks/data/large-spec.yaml"
        var iterations = 10
        var only: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--iterations", index + 1 < arguments.count, let count = Int(arguments[index + 1]),
                count > 0
            {
                iterations = count
                index += 2
            } else if arguments[index] == "--only", index + 1 < arguments.count {
                only = arguments[index + 1]
                index += 2
            } else {
                path = arguments[index]
                index += 1
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path); create it with: python3 Benchmarks/make-large-spec.py")
            return
        }
        let bytes = [UInt8](data)
        let timer = BenchmarkTimer(iterations: iterations)
        print("spec: \(path), \(bytes.count) bytes, \(iterations) interleaved rounds (+1 warm-up), thread CPU time")
        var stages = [
            BenchmarkTimer.Stage(name: "(a) libyaml event scan", body: { EventScanBenchmark.run(bytes, file: path) }),
            BenchmarkTimer.Stage(name: "(b) node tree", body: { NodeTreeBenchmark.run(bytes, file: path) }),
            BenchmarkTimer.Stage(name: "(c) decode + validate", body: { SpecLoadBenchmark.run(bytes, file: path) })
        ]
        if let only {
            // For profiling one stage: `--only a|b|c`.
            stages = stages.filter { $0.name.hasPrefix("(\(only))") }
        }
        let (results, ratios) = timer.measure(stages)
        let megabytes = Double(bytes.count) / 1_000_000
        for result in results { print(report(result, megabytes: megabytes)) }
        guard results.count == 3 else { return }
        let median = { (values: [Double]) in values.isEmpty ? 0 : values[values.count / 2] }
        print(
            String(
                format:
                    "ratio (b)/(a) %.2f×   (c)/(a) %.2f×   (medians of per-round ratios; range of (c)/(a) %.2f–%.2f×)",
                median(ratios[1]), median(ratios[2]), ratios[2].first ?? 0, ratios[2].last ?? 0))
    }

    private static func report(_ result: BenchmarkTimer.Result, megabytes: Double) -> String {
        let name = result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
        return name
            + String(
                format: " min %8.1f ms  median %8.1f ms  %6.1f MB/s  (output %d)",
                result.minimum * 1000, result.median * 1000, megabytes / result.minimum, result.output)
    }
}
