import Foundation

/// What `specwright init --target <dir>` writes into a target folder for the build-tool plugin:
/// the spec, a commented generation config, and the one Swift file the target needs, plus the
/// `Package.swift` lines that declare the target.
///
/// The Swift file is not optional: SwiftPM runs a target's build-tool plugins only when the
/// target has at least one Swift source file of its own
/// (swiftlang/swift-package-manager#8061), so a folder holding only a spec is never built.
struct PluginTargetScaffold {
    /// The target folder as given (`Sources/ShopAPI`), without a trailing slash.
    var directory: String
    /// The target and module name: the folder's name (`ShopAPI`).
    var targetName: String
    /// The service name, a Swift type prefix (`Shop` → `ShopClient`).
    var serviceName: String

    /// The spec's base file name (`shop` for `shop.specwright.yaml`).
    var specBaseName: String { ScaffoldNames.specBaseName(for: serviceName) }
    /// The prefix of the files the plugin generates (`Shop` → `ShopClient.swift`).
    var generatedFilePrefix: String { ScaffoldNames.pluginFilePrefix(for: specBaseName) }
    /// The generated client type (`ShopClient`).
    var clientTypeName: String { serviceName + "Client" }

    /// `Sources/ShopAPI/shop.specwright.yaml`.
    var specPath: String { path(specBaseName + ".specwright.yaml") }
    /// `Sources/ShopAPI/shop.specwright-config.yaml`.
    var configPath: String { path(specBaseName + ".specwright-config.yaml") }
    /// `Sources/ShopAPI/ShopAPI.swift`, or `ShopAPIModule.swift` when that name is one the
    /// plugin generates (SwiftPM rejects two sources with the same file name in one target).
    var swiftFilePath: String {
        let generated = ["Types", "Endpoints", "Client"].map { generatedFilePrefix + $0 }
        return path((generated.contains(targetName) ? targetName + "Module" : targetName) + ".swift")
    }

    /// The files to write, in the order they are reported.
    var files: [ScaffoldFile] {
        [
            ScaffoldFile(path: specPath, contents: StarterSpec.text(name: serviceName)),
            ScaffoldFile(path: configPath, contents: StarterConfig.text),
            ScaffoldFile(path: swiftFilePath, contents: swiftFileText)
        ]
    }

    /// The target's own Swift file: why it must exist, and the runtime re-exported so app code
    /// needs one `import`.
    var swiftFileText: String {
        """
        // \(targetName): the Specwright build-tool plugin generates \(generatedFilePrefix)Types.swift,
        // \(generatedFilePrefix)Endpoints.swift and \(generatedFilePrefix)Client.swift from \(specBaseName).specwright.yaml at build time.
        //
        // Keep this file: SwiftPM runs a target's build-tool plugins only when the target has at
        // least one Swift file of its own (a folder holding only a spec is never built).
        // It also re-exports the runtime, so app code needs only `import \(targetName)`.
        @_exported import SpecwrightRuntime

        """
    }

    /// The `.target(…)` declaration of this target, indented for the `targets:` list of a
    /// `Package(…)`; `path:` only when the folder is not `Sources/<name>`.
    var targetDeclaration: String {
        let folder = URL(fileURLWithPath: directory).standardizedFileURL
        let conventional = folder.deletingLastPathComponent().lastPathComponent == "Sources"
        let lines =
            [".target(", "    name: \"\(targetName)\","]
            + (conventional ? [] : ["    path: \"\(directory)\","])
            + [
                "    dependencies: [.product(name: \"SpecwrightRuntime\", package: \"Specwright\")],",
                "    plugins: [.plugin(name: \"SpecwrightPlugin\", package: \"Specwright\")]",
                "),"
            ]
        return lines.map { "        " + $0 }.joined(separator: "\n")
    }

    private func path(_ file: String) -> String {
        directory.isEmpty || directory == "." ? file : directory + "/" + file
    }
}

/// One file a scaffold writes.
struct ScaffoldFile: Equatable {
    /// Where, relative to the current directory (or absolute).
    var path: String
    /// The UTF-8 text.
    var contents: String
}
