import Foundation

/// Times several stages over the same input in interleaved rounds (a, b, c, a, b, c, …) after
/// one warm-up round, measuring the CPU time of the calling thread. CPU time and interleaving
/// keep the ratios between stages stable on a shared, busy machine, where wall time mostly
/// measures the other jobs.
struct BenchmarkTimer {
    struct Stage {
        var name: String
        var body: () -> Int
    }

    struct Result {
        var name: String
        /// CPU seconds per run, sorted.
        var samples: [Double]
        /// What the stage returned on its last run (events, entries, diagnostics…), printed so
        /// the work cannot be optimized away and runs can be compared.
        var output: Int
        var minimum: Double { samples.first ?? 0 }
        var median: Double { samples.isEmpty ? 0 : samples[samples.count / 2] }
    }

    var iterations: Int

    /// Runs every stage once per round; returns per-stage results and, per round, each stage's
    /// time divided by the first stage's time in the same round.
    func measure(_ stages: [Stage]) -> (results: [Result], ratios: [[Double]]) {
        var outputs = stages.map { $0.body() }
        var samples = Array(repeating: [Double](), count: stages.count)
        var ratios = Array(repeating: [Double](), count: stages.count)
        for _ in 0..<iterations {
            var round: [Double] = []
            for (index, stage) in stages.enumerated() {
                let start = Self.threadCPUSeconds()
                outputs[index] = stage.body()
                round.append(Self.threadCPUSeconds() - start)
            }
            for index in stages.indices {
                samples[index].append(round[index])
                ratios[index].append(round[index] / max(round[0], 1e-9))
            }
        }
        let results = stages.indices.map {
            Result(name: stages[$0].name, samples: samples[$0].sorted(), output: outputs[$0])
        }
        return (results, ratios.map { $0.sorted() })
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
