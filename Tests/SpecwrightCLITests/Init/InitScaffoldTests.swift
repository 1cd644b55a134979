import Foundation
import SpecwrightCLI
import SpecwrightCore
import Testing

/// `specwright init --target` and `--package`: the plugin way of working, scaffolded. That the
/// scaffolded package really builds is checked by Scripts/check-readme.sh (a SwiftPM build).
@Suite struct InitScaffoldTests {
    private func temporaryDirectory() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-scaffold-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func targetScaffoldWritesTheSpecTheConfigAndTheSwiftFileThePluginNeeds() throws {
        let target = temporaryDirectory() + "/Sources/ShopAPI"
        let run = runCLI(["init", "--target", target])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let spec = target + "/shop.specwright.yaml"
        let loaded = SpecLoader.load(bytes: Array(try read(spec).utf8), file: spec)
        #expect(loaded.diagnostics.map(\.description) == [])
        #expect(loaded.document?.name.value == "Shop")
        let config = target + "/shop.specwright-config.yaml"
        let parsed = GenerationConfig.parse(Array(try read(config).utf8), file: config)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.config == GenerationConfig())
        let swift = try read(target + "/ShopAPI.swift")
        #expect(swift.contains("\n@_exported import SpecwrightRuntime\n"))
        #expect(
            swift.contains(
                "SwiftPM runs a target's build-tool plugins only when the target has at\n// least one Swift file of its own"
            ))
        #expect(
            run.standardOutput == """
                wrote \(spec)
                wrote \(config)
                wrote \(target)/ShopAPI.swift
                Add to Package.swift (what is not there yet):
                    platforms: [.macOS(.v13), .iOS(.v16)],
                    dependencies: [
                        .package(name: "Specwright", path: "../Specwright"),
                    ],
                    targets: [
                        .target(
                            name: "ShopAPI",
                            dependencies: [.product(name: "SpecwrightRuntime", package: "Specwright")],
                            plugins: [.plugin(name: "SpecwrightPlugin", package: "Specwright")]
                        ),
                    ],
                and "ShopAPI" to the dependencies of each target that uses ShopClient. Then: swift build

                """)
    }

    @Test(
        arguments: [
            ("Sources/ShopAPI", nil, "shop.specwright.yaml", "ShopAPI.swift"),
            ("Sources/Networking", nil, "networking.specwright.yaml", "Networking.swift"),
            ("Sources/API", nil, "api.specwright.yaml", "API.swift"),
            ("Sources/ShopAPI", "MyShop", "my-shop.specwright.yaml", "ShopAPI.swift"),
            ("Sources/ShopClient", "Shop", "shop.specwright.yaml", "ShopClientModule.swift")
        ] as [(String, String?, String, String)])
    func targetScaffoldNamesFollowTheFolderAndNeverCollideWithGeneratedFiles(
        folder: String, name: String?, specFile: String, swiftFile: String
    ) throws {
        let target = temporaryDirectory() + "/" + folder
        let run = runCLI(["init", "--target", target] + (name.map { ["--name", $0] } ?? []))
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: target + "/" + specFile))
        #expect(FileManager.default.fileExists(atPath: target + "/" + swiftFile))
    }

    @Test func aTargetOutsideSourcesGetsAPathInTheDeclaration() {
        let target = temporaryDirectory() + "/Client/ShopAPI"
        let run = runCLI(["init", "--target", target])
        #expect(run.standardOutput.contains("            name: \"ShopAPI\",\n            path: \"\(target)\",\n"))
    }

    @Test func theCurrentFolderIsNamedByWhereItIs() throws {
        let target = temporaryDirectory() + "/Sources/ShopAPI"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let run = runCLI(["init", "--target", target + "/."])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: target + "/shop.specwright.yaml"))
        #expect(run.standardOutput.contains("            name: \"ShopAPI\",\n            dependencies:"))
    }

    @Test func packageScaffoldWritesAPackageWhoseAppUsesTheClient() throws {
        let package = temporaryDirectory() + "/ShopApp"
        let run = runCLI(["init", "--package", package])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let manifest = try read(package + "/Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version:6.1\n"))
        #expect(manifest.contains("platforms: [.macOS(.v13), .iOS(.v16)]"))
        #expect(manifest.contains("        .package(name: \"Specwright\", path: \"../Specwright\"),\n"))
        #expect(manifest.contains("        .target(\n            name: \"ShopAPI\",\n"))
        #expect(manifest.contains("        .executableTarget(name: \"ShopApp\", dependencies: [\"ShopAPI\"]),\n"))
        let main = try read(package + "/Sources/ShopApp/main.swift")
        #expect(main.contains("import ShopAPI\n"))
        #expect(main.contains("let client = ShopClient(configuration: ClientConfiguration(baseURL: baseURL))"))
        for file in ["shop.specwright.yaml", "shop.specwright-config.yaml", "ShopAPI.swift"] {
            #expect(FileManager.default.fileExists(atPath: package + "/Sources/ShopAPI/" + file))
        }
        #expect(run.standardOutput.hasSuffix("Then: cd \(package) && swift build && swift run ShopApp\n"))
    }

    @Test func packageScaffoldTakesSpecwrightFromAURL() throws {
        let package = temporaryDirectory() + "/weather"
        let run = runCLI(["init", "--package", package, "--specwright", "https://example.com/org/Specwright.git"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let manifest = try read(package + "/Package.swift")
        #expect(manifest.contains(".package(url: \"https://example.com/org/Specwright.git\", branch: \"main\"),"))
        #expect(manifest.contains("name: \"WeatherAPI\""))
        #expect(try read(package + "/Sources/weather/main.swift").contains("WeatherClient("))
    }

    @Test func anExistingFileStopsTheWholeScaffoldUnlessForced() throws {
        let target = temporaryDirectory() + "/Sources/ShopAPI"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: target + "/ShopAPI.swift"))
        let refused = runCLI(["init", "--target", target])
        #expect(refused.exitCode == 1)
        #expect(
            refused.standardError == "error: '\(target)/ShopAPI.swift' already exists; pass --force to overwrite it\n")
        #expect(!FileManager.default.fileExists(atPath: target + "/shop.specwright.yaml"))
        #expect(runCLI(["init", "--target", target, "--force"]).exitCode == 0)
        #expect(try read(target + "/ShopAPI.swift").contains("@_exported import SpecwrightRuntime"))
    }

    @Test(arguments: [
        (["init", "x.specwright.yaml", "--target", "Sources/A"], "error: give one of <file>, --target and --package\n"),
        (["init", "--target", "Sources/A", "--package", "B"], "error: give one of <file>, --target and --package\n"),
        (["init", "--specwright", "../S"], "error: --specwright goes with --target or --package\n"),
        (
            ["init", "--target", "Sources/shop-api"],
            "error: the target folder's name is the module name and must be a Swift identifier such as 'ShopAPI', not 'shop-api'\n"
        ),
        (
            ["init", "--package", "ShopAPI"],
            "error: the package folder 'ShopAPI' has the name of its API target; choose another folder name or --name\n"
        )
    ])
    func contradictoryOrUnusableArgumentsAreUsageErrors(arguments: [String], message: String) {
        let run = runCLI(arguments)
        #expect(run.exitCode == 2)
        #expect(run.standardError == message)
    }
}
