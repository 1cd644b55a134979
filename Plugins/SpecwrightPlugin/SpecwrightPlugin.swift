import Foundation
import PackagePlugin

/// Build-tool plugin: turns every `*.specwright.yaml` file of a target into Swift at build time.
///
/// The plugin only locates inputs and calls the `specwright` tool; all logic (validation,
/// diagnostics, generation, options from the config file next to the spec) lives in the tool.
/// Every output file is declared, so SwiftPM reruns the tool only when the spec (or its config)
/// changed.
@main
struct SpecwrightPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let files = sourceTarget.sourceFiles.map(\.url)
        let check = TargetCheck(targetName: target.name, targetPath: Self.relativePath(of: sourceTarget.directoryURL, in: context))
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

    /// The suffix that marks a file as a Specwright spec.
    static let specSuffix = ".specwright.yaml"
    /// The suffix of the optional per-spec settings file.
    static let configSuffix = ".specwright-config.yaml"

    /// Specs among `files`, each paired with its config file when the target has one.
    static func find(in files: [URL]) -> [SpecInputs] {
        let configs = Set(files.filter { $0.lastPathComponent.hasSuffix(configSuffix) }.map(\.path))
        return files
            .filter { $0.lastPathComponent.hasSuffix(specSuffix) }
            .sorted { $0.path < $1.path }
            .map { spec in
                let base = String(spec.lastPathComponent.dropLast(specSuffix.count))
                let config = spec.deletingLastPathComponent().appendingPathComponent(base + configSuffix)
                return SpecInputs(spec: spec, config: configs.contains(config.path) ? config : nil)
            }
    }

    /// The spec's base name (`bookstore` for `bookstore.specwright.yaml`).
    var baseName: String {
        String(spec.lastPathComponent.dropLast(Self.specSuffix.count))
    }

    /// The `specwright generate` invocation for this spec, with every output declared.
    func buildCommand(tool: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent(baseName)
        let prefix = Self.filePrefix(for: baseName)
        var arguments = ["generate", spec.path, "--output", output.path, "--file-prefix", prefix, "--quiet"]
        if let config {
            arguments += ["--config", config.path]
        }
        let outputs = ["Types", "Endpoints", "Client"].map {
            output.appendingPathComponent("\(prefix)\($0).swift")
        }
        return .buildCommand(
            displayName: "Generating Swift client from \(spec.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [spec] + (config.map { [$0] } ?? []),
            outputFiles: outputs
        )
    }

    /// A file-name prefix that keeps outputs of several specs in one target apart
    /// (SwiftPM rejects two sources with the same file name in one target).
    static func filePrefix(for baseName: String) -> String {
        let words = baseName.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
