import Foundation
import SpecwrightCore

/// Generator throughput and the cost of the code it writes:
/// (1) a large synthetic spec (≈5 MB by default) — parse only (YAML + decode + validate) vs. the
///     whole `generate` pipeline (parse + lower to IR + render), in the same run, best of N;
/// (2) debug compile time of the generated client (`swiftc -Onone`, Swift 6 mode, against the
///     SpecwrightRuntime module this binary was built with) for 100 and 400 endpoints, and the
///     slope per 100 endpoints.
/// Environment: `BENCH_GENERATE_ENDPOINTS` (large spec, default 6000), `BENCH_GENERATE_ROUNDS` (default 3).
enum GenerateBenchmark {
    static let endpoints = Int(ProcessInfo.processInfo.environment["BENCH_GENERATE_ENDPOINTS"] ?? "") ?? 6000
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_GENERATE_ROUNDS"] ?? "") ?? 3

    static func run() async throws {
        let templates = try TemplateSet.defaults()
        let spec = SyntheticSpec.yaml(endpoints: endpoints)
        let bytes = Array(spec.utf8)
        print("large spec: \(endpoints) endpoints, \(endpoints) types, \(bytes.count / 1024) KiB")

        var parse = Duration.seconds(1_000)
        var generate = Duration.seconds(1_000)
        var outputBytes = 0
        for _ in 0..<rounds {
            let clock = ContinuousClock()
            let parseStart = clock.now
            let loaded = SpecLoader.load(bytes: bytes, file: "synthetic.yaml")
            parse = min(parse, clock.now - parseStart)
            guard loaded.document != nil else {
                throw BenchmarkFailure("synthetic spec invalid: \(loaded.diagnostics.prefix(3))")
            }

            let generateStart = clock.now
            let result = GenerationPipeline.run(
                GenerationInput(bytes: bytes, file: "synthetic.yaml", templates: templates))
            generate = min(generate, clock.now - generateStart)
            guard result.succeeded else { throw BenchmarkFailure("generation failed: \(result.diagnostics.prefix(3))") }
            outputBytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
        }
        print("parse only (YAML + decode + validate): \(format(parse))")
        print("generate (parse + IR + render):        \(format(generate))  output \(outputBytes / 1024) KiB")
        print(String(format: "generate / parse: %.2fx", seconds(generate) / seconds(parse)))

        let small = try compileTime(endpoints: 100, templates: templates)
        let large = try compileTime(endpoints: 400, templates: templates)
        print("debug compile, 100 endpoints: \(format(small))")
        print("debug compile, 400 endpoints: \(format(large))")
        print(String(format: "debug compile per 100 endpoints (slope): %.2f s", (seconds(large) - seconds(small)) / 3))
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            print("load average during the run: \(load.split(separator: " ").prefix(3).joined(separator: " "))")
        }
    }

    /// Generates a client with `endpoints` endpoints and times `swiftc -Onone` on it (best of two).
    static func compileTime(endpoints: Int, templates: TemplateSet) throws -> Duration {
        let result = GenerationPipeline.run(
            GenerationInput(
                bytes: Array(SyntheticSpec.yaml(endpoints: endpoints).utf8), file: "synthetic.yaml",
                templates: templates))
        guard result.succeeded else { throw BenchmarkFailure("generation failed: \(result.diagnostics.prefix(3))") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-bench-\(endpoints)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try OutputWriter(directory: directory).write(result.files)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "Modules")
        // The runtime imports the CSQLite system-library module; point clang at its module map.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sqliteModuleMap = packageRoot.appendingPathComponent("Sources/CSQLite/module.modulemap").path
        let arguments =
            [
                "swiftc", "-c", "-Onone", "-g", "-swift-version", "6", "-parse-as-library", "-module-name",
                "SyntheticClient",
                "-I", modules.path, "-Xcc", "-fmodule-map-file=" + sqliteModuleMap
            ] + result.files.map(\.name)
        var best = Duration.seconds(1_000)
        for _ in 0..<2 {
            let clock = ContinuousClock()
            let start = clock.now
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = directory
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchmarkFailure("swiftc failed for \(endpoints) endpoints")
            }
            best = min(best, clock.now - start)
        }
        return best
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.3f s", seconds(duration))
    }
}

/// A benchmark that could not run.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A deterministic spec of `endpoints` endpoints (30 per group) and as many types: structs with
/// six properties (UUID, String, Date?, defaulted array, Int64, enum), every tenth type a string enum.
enum SyntheticSpec {
    static func yaml(endpoints: Int) -> String {
        var lines = [
            "specwright: 1", "name: Synthetic", "description: A generated spec for benchmarks.",
            "baseURL: https://synthetic.example/v1", "jsonKeys: snake_case", "auth: bearer", "types:"
        ]
        let types = max(endpoints, 10)
        for index in 0..<types {
            if index % 10 == 9 {
                lines += ["  Kind\(index):", "    enum: [alpha_\(index), beta_\(index), gamma_\(index)]"]
            } else {
                let kind = (index / 10) * 10 + 9
                lines += [
                    "  Model\(index):", "    description: Model number \(index).", "    properties:", "      id: UUID",
                    "      title: { type: String, description: The title. }", "      createdAt: Date?",
                    "      tags: { type: \"[String]\", default: [] }", "      count: Int64",
                    kind < types ? "      kind: Kind\(kind)?" : "      score: Double"
                ]
            }
        }
        lines.append("endpoints:")
        for index in 0..<endpoints {
            if index % 30 == 0 { lines.append("  group\(index / 30):") }
            var model = index % types
            if model % 10 == 9 { model -= 1 }
            lines += [
                "    item\(index):", "      get: /group\(index / 30)/items/{id}", "      path: { id: UUID }",
                "      query: { page: { type: Int, default: 1 }, q: String? }",
                "      response: \"[Model\(model)]\"", "      summary: Lists items of kind \(index)."
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
