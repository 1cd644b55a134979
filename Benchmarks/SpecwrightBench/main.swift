// specwright-bench: rerunnable benchmarks, one file per benchmark.
// Usage: swift run -c release specwright-bench [name ...]   (no name: run all)
// To add a benchmark, add a file with a `static func run() async throws` and one line below.

let benchmarks: [(name: String, run: () async throws -> Void)] = [
    ("runtime", RuntimeBenchmark.run),
    ("cache", CacheBenchmark.run),
    ("cache-observe", CacheObserveBenchmark.run),
    // transfers: download / upload throughput vs hand-written URLSession tasks (BENCH_TRANSFER_MB).
    ("transfers", TransferBenchmark.run),
    // sse: server-sent events decoded per second vs raw line splitting (issue #19).
    ("sse", StreamEventsBenchmark.run),
    // yaml [spec.yaml] [--iterations N] [--only a|b|c]: YAML front end on a large spec.
    ("yaml", { YAMLFrontEndSuite.run(arguments: argumentsAfter("yaml")) }),
    ("generate", GenerateBenchmark.run),
    // coding: generated objects (runtime-driven conformances) vs compiler-synthesized ones.
    ("coding", ObjectCodingBenchmark.run),
    // openapi [document ...]: OpenAPI parse vs import vs generate per document.
    ("openapi", { try OpenAPIBenchmark.run(arguments: argumentsAfter("openapi")) }),
    // diff [old new]: `specwright diff` on Twilio's document against itself and its JSON twin.
    ("diff", { try DiffBenchmark.run(arguments: argumentsAfter("diff")) }),
    // scaling [shape word ...]: generation time at 1x/4x/16x of hostile shapes, growth exponents (issue 17).
    ("scaling", { try ScalingBenchmark.run(arguments: argumentsAfter("scaling")) })
]

/// The command-line arguments that follow `name` (a benchmark's own options).
func argumentsAfter(_ name: String) -> [String] {
    let all = Array(CommandLine.arguments.dropFirst())
    guard let index = all.firstIndex(of: name) else { return [] }
    return Array(all[(index + 1)...])
}

let requested = Set(CommandLine.arguments.dropFirst())
for benchmark in benchmarks where requested.isEmpty || requested.contains(benchmark.name) {
    print("== \(benchmark.name)")
    try await benchmark.run()
}
