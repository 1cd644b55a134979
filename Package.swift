// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Specwright",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "specwright", targets: ["specwright"]),
        .library(name: "SpecwrightRuntime", targets: ["SpecwrightRuntime"]),
    ],
    targets: [
        // C system library: libyaml through pkg-config. Only SpecwrightYAML imports it.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // YAML bytes → node tree with source marks. The only module that touches libyaml.
        .target(name: "SpecwrightYAML", dependencies: ["CYaml"]),
        // Logic-less Mustache template engine.
        .target(name: "Mustache"),
        // Default templates, embedded in the binary.
        .target(
            name: "SpecwrightTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [.embedInCode("Swift")]
        ),
        // Spec model, decoding, validation, diagnostics, IR, naming, rendering.
        .target(name: "SpecwrightCore", dependencies: ["SpecwrightYAML", "Mustache", "SpecwrightTemplates"]),
        // Command-line front end (argument parsing + commands); thin over SpecwrightCore.
        .target(name: "SpecwrightCLI", dependencies: ["SpecwrightCore"]),
        .executableTarget(name: "specwright", dependencies: ["SpecwrightCLI"]),
        // What generated clients import. Foundation only.
        .target(name: "SpecwrightRuntime"),

        .testTarget(name: "SpecwrightYAMLTests", dependencies: ["SpecwrightYAML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "SpecwrightYAML"]),
        .testTarget(name: "SpecwrightCoreTests", dependencies: ["SpecwrightCore", "SpecwrightCLI"], exclude: ["Fixtures"]),
        .testTarget(name: "SpecwrightRuntimeTests", dependencies: ["SpecwrightRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
