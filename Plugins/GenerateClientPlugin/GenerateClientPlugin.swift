import Foundation
import PackagePlugin

/// Command plugin: `swift package --allow-writing-to-package-directory generate-client [--target T]`
/// writes the client generated from each `*.specwright.yaml` of a target into that target's
/// `Generated/` folder, for teams that commit generated code.
@main
struct GenerateClientPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let tool = try context.tool(named: "specwright")

        let targets = try context.package.targets(named: targetNames.isEmpty ? [] : targetNames)
        let candidates = targetNames.isEmpty ? context.package.targets : targets
        var generated = 0
        for case let target as SourceModuleTarget in candidates {
            for spec in specs(in: target) {
                try run(tool: tool.url, spec: spec, into: target.directoryURL.appendingPathComponent("Generated"))
                generated += 1
            }
        }
        if generated == 0 {
            Diagnostics.warning("no *.specwright.yaml file found in the selected targets")
        }
    }

    /// The spec files of a target, in a stable order.
    private func specs(in target: SourceModuleTarget) -> [URL] {
        target.sourceFiles.map(\.url)
            .filter { $0.lastPathComponent.hasSuffix(".specwright.yaml") }
            .sorted { $0.path < $1.path }
    }

    /// Runs `specwright generate` for one spec; its diagnostics go to the terminal as they are.
    private func run(tool: URL, spec: URL, into output: URL) throws {
        let base = String(spec.lastPathComponent.dropLast(".specwright.yaml".count))
        let prefix = base.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var arguments = ["generate", spec.path, "--output", output.path, "--file-prefix", prefix]
        let config = spec.deletingLastPathComponent().appendingPathComponent(base + ".specwright-config.yaml")
        if FileManager.default.fileExists(atPath: config.path) {
            arguments += ["--config", config.path]
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerateClientError.toolFailed(spec: spec.lastPathComponent, status: process.terminationStatus)
        }
        print("Generated \(prefix)Types.swift, \(prefix)Endpoints.swift, \(prefix)Client.swift in \(output.path)")
    }
}

/// Why the command plugin stopped.
enum GenerateClientError: Error, CustomStringConvertible {
    case toolFailed(spec: String, status: Int32)

    var description: String {
        switch self {
        case .toolFailed(let spec, let status):
            return "specwright generate failed for \(spec) (exit \(status)); see the diagnostics above"
        }
    }
}
