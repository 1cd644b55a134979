/// What `specwright init --package <dir>` writes: a new Swift package that builds as it is —
/// `Package.swift`, a plugin target with the spec (``PluginTargetScaffold``) and an executable
/// that creates the generated client.
struct PackageScaffold {
    /// The package folder as given (`ShopApp`), without a trailing slash.
    var directory: String
    /// The package and executable name: the folder's name (`ShopApp`).
    var appName: String
    /// The Specwright dependency: a path (`../Specwright`, relative to the new package) or a
    /// git URL.
    var specwrightLocation: String
    /// The plugin target inside the package.
    var target: PluginTargetScaffold

    /// Creates the scaffold of a package whose API target is `<serviceName>API`
    /// (or `serviceName` itself when that already ends in `API`).
    init(directory: String, appName: String, serviceName: String, specwrightLocation: String) {
        self.directory = directory
        self.appName = appName
        self.specwrightLocation = specwrightLocation
        let targetName = serviceName.hasSuffix("API") ? serviceName : serviceName + "API"
        target = PluginTargetScaffold(
            directory: Self.join(directory, "Sources/\(targetName)"), targetName: targetName, serviceName: serviceName)
    }

    /// The files to write, in the order they are reported.
    var files: [ScaffoldFile] {
        [ScaffoldFile(path: Self.join(directory, "Package.swift"), contents: manifest)]
            + target.files
            + [ScaffoldFile(path: Self.join(directory, "Sources/\(appName)/main.swift"), contents: mainSwift)]
    }

    /// The `.package(…)` line: `path:` for a folder, `url:` (tracking `main`) for a git URL.
    static func dependencyDeclaration(_ location: String) -> String {
        if location.contains("://") || location.hasPrefix("git@") {
            return ".package(url: \"\(location)\", branch: \"main\")"
        }
        return ".package(name: \"Specwright\", path: \"\(location)\")"
    }

    var manifest: String {
        """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "\(appName)",
            platforms: [.macOS(.v13), .iOS(.v16)],   // SpecwrightRuntime's minimum
            dependencies: [
                \(Self.dependencyDeclaration(specwrightLocation)),
            ],
            targets: [
                // The client generated at build time from Sources/\(target.targetName)/\(target.specBaseName).specwright.yaml.
        \(target.targetDeclaration)
                .executableTarget(name: "\(appName)", dependencies: ["\(target.targetName)"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    var mainSwift: String {
        let client = target.clientTypeName
        return """
            import Foundation
            import \(target.targetName)

            // \(client) is generated at build time from Sources/\(target.targetName)/\(target.specBaseName).specwright.yaml.
            // Usage: \(appName) [base-url], e.g. `swift run \(appName) http://127.0.0.1:8080` for a local
            // server (plain http:// is accepted for loopback hosts only).
            let baseURL = CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) }
            let client = \(client)(configuration: ClientConfiguration(baseURL: baseURL))
            print("\(client) ready for \\(baseURL ?? \(client).service.baseURL)")
            // Call the spec's endpoints through `client`, e.g. `try await client.items.list()`.

            """
    }

    private static func join(_ directory: String, _ file: String) -> String {
        directory.isEmpty || directory == "." ? file : directory + "/" + file
    }
}
