// specwright-bench: rerunnable benchmarks, one file per benchmark.
// Usage: swift run -c release specwright-bench [name ...]   (no name: run all)
// To add a benchmark, add a file with a `static func run() async throws` and one line below.

let benchmarks: [(name: String, run: () async throws -> Void)] = [
    ("runtime", RuntimeBenchmark.run),
    ("generate", GenerateBenchmark.run),
]

let requested = Set(CommandLine.arguments.dropFirst())
for benchmark in benchmarks where requested.isEmpty || requested.contains(benchmark.name) {
    print("== \(benchmark.name)")
    try await benchmark.run()
}
