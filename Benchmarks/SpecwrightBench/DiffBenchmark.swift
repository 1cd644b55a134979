import Foundation
import SpecwrightCore

/// `specwright diff` speed on the largest pair: Twilio's API against itself (YAML, YAML) and
/// against its JSON twin (YAML, JSON), or the two paths given after `diff`. Best of N rounds of
/// the whole comparison (parse both, import both, compare, locate), in CPU and wall time.
/// Environment: `BENCH_DIFF_ROUNDS` (default 5).
enum DiffBenchmark {
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_DIFF_ROUNDS"] ?? "") ?? 5

    static func run(arguments: [String]) throws {
        let folder = "../shared/data/openapi/"
        let pairs: [(String, String)] =
            arguments.count >= 2
            ? [(arguments[0], arguments[1])]
            : [
                (folder + "twilio-api-v2010.yaml", folder + "twilio-api-v2010.yaml"),
                (folder + "twilio-api-v2010.yaml", folder + "twilio-api-v2010.json")
            ]
        print("old | new | CPU ms (best) | wall ms (best) | changes")
        print("---|---|---|---|---")
        for (oldPath, newPath) in pairs {
            let old = APIDiff.Input(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: oldPath))), file: oldPath)
            let new = APIDiff.Input(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: newPath))), file: newPath)
            var cpu = Double.infinity
            var wall = Double.infinity
            var changes = 0
            for _ in 0..<rounds {
                let cpuStart = BenchmarkTimer.threadCPUSeconds()
                let wallStart = DispatchTime.now().uptimeNanoseconds
                let report = APIDiff.compare(old: old, new: new)
                guard report.succeeded else { throw BenchmarkFailure("\(oldPath) or \(newPath) does not load") }
                wall = min(wall, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6)
                cpu = min(cpu, (BenchmarkTimer.threadCPUSeconds() - cpuStart) * 1000)
                changes = report.changes.count
            }
            let name = { (path: String) in URL(fileURLWithPath: path).lastPathComponent }
            print(
                "\(name(oldPath)) | \(name(newPath)) | \(String(format: "%.0f", cpu)) | \(String(format: "%.0f", wall)) | \(changes)"
            )
        }
    }
}
