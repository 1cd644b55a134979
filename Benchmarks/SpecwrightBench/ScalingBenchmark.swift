import Foundation
import SpecwrightCore

/// `specwright-bench scaling [shape …]`: generation time (parse + import + render, CPU time of
/// this thread, best of `BENCH_SCALING_ROUNDS` rounds, default 3) of synthetic OpenAPI documents
/// at 1×, 4× and 16× a base size, for every shape of issue 17 (`ScalingShape`). Prints per shape
/// the growth exponent — the least-squares slope of log(time) over log(size) — against the
/// size parameter and against input + output bytes (the work must be linear in both: 1.0 is
/// linear, 2.0 quadratic). Shapes can be selected by a word of their name (`fan-out`, `enum`, …).
enum ScalingBenchmark {
    static let factors = [1, 4, 16]
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_SCALING_ROUNDS"] ?? "") ?? 3

    static func run(arguments: [String]) throws {
        let templates = try TemplateSet.defaults()
        let shapes =
            arguments.isEmpty
            ? ScalingShape.all : ScalingShape.all.filter { shape in arguments.contains { shape.name.contains($0) } }
        print(
            "shape | n at 1× (unit) | ms at 1× / 4× / 16× | input+output KiB at 1× / 16× | exponent (n) | exponent (bytes)"
        )
        print("---|---|---|---|---|---")
        for shape in shapes {
            var seconds: [Double] = []
            var bytes: [Double] = []
            var outcome = ""
            for factor in factors {
                let size = shape.base * factor
                let input = Array(shape.document(size).utf8)
                var best = Double.infinity
                var outputBytes = 0
                for _ in 0..<rounds {
                    let start = BenchmarkTimer.threadCPUSeconds()
                    let result = GenerationPipeline.run(
                        GenerationInput(bytes: input, file: "scale.json", templates: templates))
                    guard result.isOpenAPI else {
                        throw BenchmarkFailure("\(shape.name): not recognised as OpenAPI")
                    }
                    best = min(best, BenchmarkTimer.threadCPUSeconds() - start)
                    outputBytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
                    outcome =
                        result.succeeded
                        ? "" : " (error: \(result.diagnostics.first { $0.isError }?.message ?? "template"))"
                }
                seconds.append(best)
                bytes.append(Double(input.count + outputBytes))
            }
            let sizes = factors.map { Double(shape.base * $0) }
            print(
                String(
                    format: "%@%@ | %d (%@) | %.1f / %.1f / %.1f | %.0f / %.0f | %.2f | %.2f",
                    shape.name, outcome, shape.base, shape.unit, seconds[0] * 1000, seconds[1] * 1000,
                    seconds[2] * 1000,
                    bytes[0] / 1024, bytes[2] / 1024, slope(sizes, seconds), slope(bytes, seconds)))
        }
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            print("load average during the run: \(load.split(separator: " ").prefix(3).joined(separator: " "))")
        }
    }

    /// The least-squares slope of log(y) over log(x).
    static func slope(_ x: [Double], _ y: [Double]) -> Double {
        let lx = x.map(log), ly = y.map { log(max($0, 1e-9)) }
        let mx = lx.reduce(0, +) / Double(lx.count), my = ly.reduce(0, +) / Double(ly.count)
        let covariance = zip(lx, ly).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let variance = lx.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        return covariance / variance
    }
}
