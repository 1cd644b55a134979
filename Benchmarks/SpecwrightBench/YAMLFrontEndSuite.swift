import Foundation

/// The `yaml` suite: (a) event scan, (b) node tree, (c) decode + validate of one spec, in one run.
enum YAMLFrontEndSuite {
    static func run(arguments: [String]) {
        var path = "Benchmarks/data/large-spec.yaml"
        var iterations = 10
        var only: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--iterations", index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 {
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
        print("spec: \(path), \(bytes.count) bytes, \(iterations) iterations (+1 warm-up)")
        if let only {
            // For profiling one stage: `--only a|b|c`.
            let body: ([UInt8]) -> Int
            switch only {
            case "a": body = EventScanBenchmark.run
            case "b": body = NodeTreeBenchmark.run
            default: body = SpecLoadBenchmark.run
            }
            let result = timer.measure("(\(only))", { body(bytes) })
            print(report(result, megabytes: Double(bytes.count) / 1_000_000))
            return
        }
        let scan = timer.measure("(a) libyaml event scan", { EventScanBenchmark.run(bytes) })
        let tree = timer.measure("(b) node tree", { NodeTreeBenchmark.run(bytes) })
        let load = timer.measure("(c) decode + validate", { SpecLoadBenchmark.run(bytes) })
        let megabytes = Double(bytes.count) / 1_000_000
        for result in [scan, tree, load] { print(report(result, megabytes: megabytes)) }
        print(String(format: "ratio (b)/(a) %.2f×   (c)/(a) %.2f×   (c)/(b) %.2f×   (medians)",
                     tree.median / scan.median, load.median / scan.median, load.median / tree.median))
    }

    private static func report(_ result: BenchmarkTimer.Result, megabytes: Double) -> String {
        let name = result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
        return name + String(format: " min %8.1f ms  median %8.1f ms  %6.1f MB/s  (output %d)",
                             result.minimum * 1000, result.median * 1000, megabytes / result.minimum, result.output)
    }
}
