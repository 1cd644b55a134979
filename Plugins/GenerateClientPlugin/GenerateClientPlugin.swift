import Foundation
import PackagePlugin

/// Command plugin: `swift package --allow-writing-to-package-directory generate-client [--target T]`
/// writes the client generated from each `*.specwright.yaml` of a target into that target's
/// `Generated/` folder, for teams that commit generated code.
///
/// With `--check` it writes nothing and fails when a committed file is out of date (what CI
/// runs); `--diff` adds a unified diff of each such file.
@main
struct GenerateClientPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let mode = Mode(
            check: extractor.extractFlag(named: "check") > 0, diff: extractor.extractFlag(named: "diff") > 0)
        let tool = try context.tool(named: "specwright")

        let targets = try context.package.targets(named: targetNames.isEmpty ? [] : targetNames)
        let candidates = targetNames.isEmpty ? context.package.targets : targets
        var generated = 0
        var outOfDate: [String] = []
        for case let target as SourceModuleTarget in candidates {
            for spec in specs(in: target) {
                if try !run(
                    tool: tool.url, spec: spec, into: target.directoryURL.appendingPathComponent("Generated"),
                    mode: mode)
                {
                    outOfDate.append(spec.lastPathComponent)
                }
                generated += 1
            }
        }
        if generated == 0 {
            let place =
                targetNames.isEmpty ? "any target of the package" : "target '\(targetNames.joined(separator: "', '"))'"
            Diagnostics.warning(
                """
                no *.specwright.yaml file in \(place); put the spec into the target's folder \
                (specwright init --target Sources/<target> writes one)
                """)
        }
        if !outOfDate.isEmpty {
            throw GenerateClientError.outOfDate(specs: outOfDate)
        }
    }

    /// Write (the default) or only check the committed files.
    struct Mode {
        /// `--check`: write nothing, fail when a file is out of date.
        var check: Bool
        /// `--diff`: with `--check`, print a unified diff of each out-of-date file.
        var diff: Bool
    }

    /// The spec files of a target, in a stable order.
    private func specs(in target: SourceModuleTarget) -> [URL] {
        target.sourceFiles.map(\.url)
            .filter(SpecFileNaming.isSpec)
            .sorted { $0.path < $1.path }
    }

    /// Runs `specwright generate` for one spec; its diagnostics go to the terminal as they are.
    /// Returns false when `--check` found the committed files out of date.
    private func run(tool: URL, spec: URL, into output: URL, mode: Mode) throws -> Bool {
        let base = SpecFileNaming.baseName(of: spec)
        let prefix = SpecFileNaming.filePrefix(for: base)
        let config = SpecFileNaming.configFile(of: spec)
        let hasConfig = FileManager.default.fileExists(atPath: config.path)
        let shards = SpecFileNaming.shardCount(spec: spec, config: hasConfig ? config : nil)
        var arguments = [
            "generate", spec.path, "--output", output.path, "--file-prefix", prefix, "--shards", String(shards)
        ]
        if hasConfig {
            arguments += ["--config", config.path]
        }
        if mode.check { arguments += ["--check", "--quiet"] + (mode.diff ? ["--diff"] : []) }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        if mode.check, process.terminationStatus == 1 {
            return false
        }
        guard process.terminationStatus == 0 else {
            throw GenerateClientError.toolFailed(spec: spec.lastPathComponent, status: process.terminationStatus)
        }
        let files = SpecFileNaming.outputFiles(for: base, shards: shards).joined(separator: ", ") + " in \(output.path)"
        print(mode.check ? "Up to date: \(files)" : "Generated \(files)")
        return true
    }
}

/// Why the command plugin stopped.
enum GenerateClientError: Error, CustomStringConvertible {
    case toolFailed(spec: String, status: Int32)
    case outOfDate(specs: [String])

    var description: String {
        switch self {
        case .toolFailed(let spec, let status):
            return "specwright generate failed for \(spec) (exit \(status)); see the diagnostics above"
        case .outOfDate(let specs):
            return "the committed client of \(specs.joined(separator: ", ")) is out of date (or the spec has errors); "
                + "run 'swift package --allow-writing-to-package-directory generate-client' and commit the result"
        }
    }
}
