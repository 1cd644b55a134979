import Foundation

/// Times a closure over several iterations after one warm-up run and reports the fastest
/// and the median wall time (the minimum is the least disturbed by a busy machine).
struct BenchmarkTimer {
    struct Result {
        var name: String
        var minimum: Double
        var median: Double
        /// What the closure returned on the last run (events, nodes, diagnostics…), printed
        /// so the work cannot be optimized away and runs can be compared.
        var output: Int
    }

    var iterations: Int

    func measure(_ name: String, _ body: () -> Int) -> Result {
        var output = body()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            output = body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        samples.sort()
        return Result(name: name, minimum: samples.first ?? 0, median: samples[samples.count / 2], output: output)
    }
}
