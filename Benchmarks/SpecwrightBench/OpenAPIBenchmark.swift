import Foundation
import SpecwrightCore
import SpecwrightYAML

/// OpenAPI import speed: for every document of a folder (default `../shared/data/openapi`,
/// or the paths given after `openapi`), best of N rounds of
/// (1) parse only (YAML via libyaml, or the JSON reader) into the located node tree,
/// (2) parse + import into the IR,
/// (3) the whole `generate` pipeline (parse + import + render the three files).
/// Peak memory (VmHWM) of the process is printed at the end.
/// Environment: `BENCH_OPENAPI_ROUNDS` (default 5).
enum OpenAPIBenchmark {
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_OPENAPI_ROUNDS"] ?? "") ?? 5

    static func run(arguments: [String]) throws {
        let templates = try TemplateSet.defaults()
        let paths = try documents(arguments)
        print("document | KiB | parse ms | import ms | generate ms | generate ÷ parse | output KiB")
        print("---|---|---|---|---|---|---")
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let name = URL(fileURLWithPath: path).lastPathComponent
            var parse = Double.infinity
            var importing = Double.infinity
            var generate = Double.infinity
            var outputBytes = 0
            for _ in 0..<rounds {
                var start = DispatchTime.now().uptimeNanoseconds
                guard case .success(let root) = SourceDocument.parse(bytes, file: name) else {
                    throw BenchmarkFailure("\(name) does not parse")
                }
                parse = min(parse, elapsed(since: start))

                start = DispatchTime.now().uptimeNanoseconds
                guard case .success(let again) = SourceDocument.parse(bytes, file: name),
                    OpenAPIImporter.importDocument(again, file: name).api != nil
                else { throw BenchmarkFailure("\(name) does not import") }
                importing = min(importing, elapsed(since: start))
                _ = root

                start = DispatchTime.now().uptimeNanoseconds
                let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: name, templates: templates))
                guard result.isOpenAPI, result.succeeded
                else { throw BenchmarkFailure("\(name) does not generate") }
                generate = min(generate, elapsed(since: start))
                outputBytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
            }
            print(
                String(
                    format: "%@ | %d | %.1f | %.1f | %.1f | %.1fx | %d", name, bytes.count / 1024, parse * 1000,
                    importing * 1000,
                    generate * 1000, generate / parse, outputBytes / 1024))
        }
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM") })
        {
            print("peak memory of the whole run: \(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))")
        }
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            print("load average during the run: \(load.split(separator: " ").prefix(3).joined(separator: " "))")
        }
    }

    private static func documents(_ arguments: [String]) throws -> [String] {
        if !arguments.isEmpty { return arguments }
        // The data folder sits next to the checkout (`/work/main`) or next to its parent (`/work/wt/x`).
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            packageRoot.deletingLastPathComponent(), packageRoot.deletingLastPathComponent().deletingLastPathComponent()
        ]
        .map { $0.appendingPathComponent("shared/data/openapi") }
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw BenchmarkFailure("no shared/data/openapi folder next to the package; pass documents as arguments")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map {
            folder.appendingPathComponent($0).path
        }
    }

    private static func elapsed(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
