import Foundation
import PackagePlugin

/// Build-tool plugin: turns every `*.specwright.yaml` file of a target into Swift at build time.
///
/// The plugin only locates inputs and calls the `specwright` tool; all logic (validation,
/// diagnostics, generation, options from the config file next to the spec) lives in the tool.
/// Every output file is declared (a large spec's output is split into shards of files, see
/// `SpecFileNaming.shardCount`), so SwiftPM reruns the tool only when the spec (or its config)
/// changed.
@main
struct SpecwrightPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let files = sourceTarget.sourceFiles.map(\.url)
        let check = TargetCheck(
            targetName: target.name, targetPath: Self.relativePath(of: sourceTarget.directoryURL, in: context))
        let findings = check.findings(in: files)
        TargetCheck.report(findings)
        if findings.contains(where: \.isError) { return [] }
        let tool = try context.tool(named: "specwright")
        return SpecInputs.find(in: files).map { input in
            input.buildCommand(tool: tool.url, workDirectory: context.pluginWorkDirectoryURL)
        }
    }

    /// `Sources/ShopAPI` for a target folder inside the package; the full path otherwise.
    static func relativePath(of directory: URL, in context: PluginContext) -> String {
        let root = context.package.directoryURL.standardizedFileURL.path
        let path = directory.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}

/// One spec found in a target, with its optional config file next to it.
struct SpecInputs {
    /// The `x.specwright.yaml` file.
    var spec: URL
    /// The `x.specwright-config.yaml` file next to it, when present.
    var config: URL?

    /// Specs among `files`, each paired with its config file when the target has one.
    static func find(in files: [URL]) -> [SpecInputs] {
        let configs = Set(files.filter { $0.lastPathComponent.hasSuffix(SpecFileNaming.configSuffix) }.map(\.path))
        return
            files
            .filter(SpecFileNaming.isSpec)
            .sorted { $0.path < $1.path }
            .map { spec in
                let config = SpecFileNaming.configFile(of: spec)
                return SpecInputs(spec: spec, config: configs.contains(config.path) ? config : nil)
            }
    }

    /// The spec's base name (`bookstore` for `bookstore.specwright.yaml`).
    var baseName: String {
        SpecFileNaming.baseName(of: spec)
    }

    /// The `specwright generate` invocation for this spec, with every output declared.
    func buildCommand(tool: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent(baseName)
        let prefix = SpecFileNaming.filePrefix(for: baseName)
        // The outputs are declared before the tool runs, so the plugin fixes the shard count
        // (the config's `shards:` line, else by the spec's size) and passes it on.
        let shards = SpecFileNaming.shardCount(spec: spec, config: config)
        var arguments = [
            "generate", spec.path, "--output", output.path, "--file-prefix", prefix, "--shards", String(shards),
            "--quiet"
        ]
        if let config {
            arguments += ["--config", config.path]
        }
        let outputs = SpecFileNaming.outputFiles(for: baseName, shards: shards).map {
            output.appendingPathComponent($0)
        }
        return .buildCommand(
            displayName: "Generating Swift client from \(spec.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [spec] + (config.map { [$0] } ?? []),
            outputFiles: outputs
        )
    }
}
