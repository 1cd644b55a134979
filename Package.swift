// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Specwright",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "specwright", targets: ["specwright"]),
        .library(name: "SpecwrightRuntime", targets: ["SpecwrightRuntime"]),
        .plugin(name: "SpecwrightPlugin", targets: ["SpecwrightPlugin"]),
        .plugin(name: "GenerateClientPlugin", targets: ["GenerateClientPlugin"]),
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
        // The package version, in one place: the generator and the runtime both report it.
        .target(name: "SpecwrightPackageInfo"),
        // SHA-256 and HMAC-SHA-256, shared by the generator (provenance) and the runtime (cache partitions).
        .target(name: "SpecwrightDigest"),
        // The generator: one pipeline (Pipeline/GenerationPipeline.swift) from bytes and the generation
        // config through the spec and OpenAPI front ends, the IR and its passes to rendered files.
        .target(name: "SpecwrightCore", dependencies: ["SpecwrightYAML", "Mustache", "SpecwrightTemplates", "SpecwrightPackageInfo", "SpecwrightDigest"]),
        // Command-line front end: argument parsing + one GenerationPipeline call per command.
        .target(name: "SpecwrightCLI", dependencies: ["SpecwrightCore"]),
        .executableTarget(name: "specwright", dependencies: ["SpecwrightCLI"]),
        // C system library: SQLite through pkg-config, for the runtime's HTTP cache and outbox.
        // Linux only: Apple platforms use the SDK's SQLite3 module.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // What generated clients import. Foundation (and SQLite for the cache and outbox) only.
        .target(
            name: "SpecwrightRuntime",
            dependencies: ["SpecwrightPackageInfo", "SpecwrightDigest", .target(name: "CSQLite", condition: .when(platforms: [.linux]))]
        ),
        // Rerunnable benchmarks (`swift run -c release specwright-bench [name]`), one file per benchmark.
        .executableTarget(name: "specwright-bench", dependencies: ["SpecwrightRuntime", "SpecwrightYAML", "SpecwrightCore", "SpecwrightTestSupport"], path: "Benchmarks/SpecwrightBench"),

        // Build-tool plugin: `*.specwright.yaml` in a target → generated client at build time.
        .plugin(name: "SpecwrightPlugin", capability: .buildTool(), dependencies: ["specwright"]),
        // Command plugin: writes generated sources into a target's `Generated/` folder.
        .plugin(
            name: "GenerateClientPlugin",
            capability: .command(
                intent: .custom(verb: "generate-client", description: "Generate Swift clients from the *.specwright.yaml specs of a target into its Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated client sources into the target's Generated/ folder")]
            ),
            dependencies: ["specwright"]
        ),

        .testTarget(name: "SpecwrightYAMLTests", dependencies: ["SpecwrightYAML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "SpecwrightYAML"]),
        .testTarget(name: "SpecwrightCoreTests", dependencies: ["SpecwrightCore", "SpecwrightYAML", "SpecwrightDigest", "SpecwrightTestSupport"], exclude: ["Fixtures"]),
        // The `specwright` commands, run in process: one folder per command.
        .testTarget(name: "SpecwrightCLITests", dependencies: ["SpecwrightCLI", "SpecwrightCore", "SpecwrightPackageInfo", "SpecwrightTestSupport"]),
        // The plugins' shared naming file (compiled here through a link) against the generator's rules.
        .testTarget(name: "PluginTests", dependencies: ["SpecwrightCore", "SpecwrightTestSupport"]),
        // The repository as a whole: documentation, CI workflows, where code and tests live.
        .testTarget(name: "RepositoryTests", dependencies: ["SpecwrightYAML", "SpecwrightTestSupport"]),
        // Child process of the outbox crash test (enqueues and flushes, gets SIGKILLed mid-flush).
        .executableTarget(name: "outbox-crash-child", dependencies: ["SpecwrightRuntime"], path: "Tests/Children/DataOutboxCrashChild"),
        // Child process of the real-TLS redirect test (one call, run in a mount namespace that trusts a throwaway CA).
        .executableTarget(name: "transport-probe-child", dependencies: ["SpecwrightRuntime"], path: "Tests/Children/TransportProbeChild"),
        // Test helpers shared by the test targets: the fixture server process, the package's files,
        // minimal specs and OpenAPI documents, the OpenAPI corpora.
        .target(name: "SpecwrightTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SpecwrightRuntimeTests", dependencies: ["SpecwrightRuntime", "SpecwrightDigest", "SpecwrightTestSupport", "outbox-crash-child", "transport-probe-child"]),
        // The bookstore client generated at build time by the plugin, run against the fixture server.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"],
            plugins: ["SpecwrightPlugin"]
        ),
        // Compile and exercise the committed generator output (Scripts/regenerate-golden.sh).
        .testTarget(name: "GeneratedClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"], path: "Tests/Generated/GeneratedClientTests"),
        .testTarget(name: "GeneratedSocialClientTests", dependencies: ["SpecwrightRuntime"], path: "Tests/Generated/GeneratedSocialClientTests"),
        .testTarget(name: "GeneratedHostileClientTests", dependencies: ["SpecwrightRuntime"], path: "Tests/Generated/GeneratedHostileClientTests"),
        .testTarget(name: "GeneratedConstructsClientTests", dependencies: ["SpecwrightRuntime"], path: "Tests/Generated/GeneratedConstructsClientTests"),
        .testTarget(name: "GeneratedOpenAPIClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"], path: "Tests/Generated/GeneratedOpenAPIClientTests"),
        .testTarget(name: "GeneratedOpenAPIPetstore3ClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"], path: "Tests/Generated/GeneratedOpenAPIPetstore3ClientTests"),
        .testTarget(name: "GeneratedOpenAPIShapesClientTests", dependencies: ["SpecwrightRuntime"], path: "Tests/Generated/GeneratedOpenAPIShapesClientTests"),
        .testTarget(name: "GeneratedOpenAPIParametersClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"], path: "Tests/Generated/GeneratedOpenAPIParametersClientTests"),
        .testTarget(name: "GeneratedOpenAPITransfersClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport", "SpecwrightDigest"], path: "Tests/Generated/GeneratedOpenAPITransfersClientTests"),
        .testTarget(name: "GeneratedTransfersClientTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport", "SpecwrightDigest"], path: "Tests/Generated/GeneratedTransfersClientTests"),
        // The real-framework round trips (issue #12): FastAPI, Litestar, Django Ninja and Django REST
        // framework services' documents, generated at test time, the clients generated by the
        // `specwright` product (`swift test` builds it) and compiled with Tests/Fixtures/<framework>/Driver.
        .testTarget(name: "FastAPIRoundTripTests", dependencies: ["SpecwrightRuntime", "SpecwrightTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
