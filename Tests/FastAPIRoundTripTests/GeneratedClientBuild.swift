import Foundation

/// Generates a client from an OpenAPI document with the `specwright` command and compiles it,
/// together with a driver program, against the `SpecwrightRuntime` this test run was built with
/// (`swiftc`, Swift 6 language mode), into an executable.
struct GeneratedClientBuild {
    /// What a child process printed.
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// A step failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The build products folder of this test run (`.build/<triple>/debug`).
    let products: URL
    let work: URL

    /// Finds this test run's build products and makes a work folder named after `name`.
    init(name: String) throws {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            FrameworkService.repository.appendingPathComponent(".build/debug")
        ]
        guard
            let products = candidates.first(where: {
                FileManager.default.fileExists(
                    atPath: $0.appendingPathComponent("Modules/SpecwrightRuntime.swiftmodule").path)
                    && FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("specwright").path)
            })
        else {
            throw Failure(
                description: "no build products with specwright and SpecwrightRuntime in \(candidates.map(\.path))")
        }
        self.products = products
        work = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-round-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    /// `specwright generate <document> --output <work>/Client`; returns the command's output.
    func generate(document: Data, config: String? = nil) async throws -> Output {
        let path = work.appendingPathComponent("openapi.json")
        try document.write(to: path)
        var arguments = ["generate", path.path, "--output", work.appendingPathComponent("Client").path]
        if let config {
            let configPath = work.appendingPathComponent("client.specwright-config.yaml")
            try Data(config.utf8).write(to: configPath)
            arguments += ["--config", configPath.path]
        }
        return try await Self.run(products.appendingPathComponent("specwright"), arguments, limit: 120)
    }

    /// Compiles the generated client and the Swift files of the driver's folders into `<work>/driver`.
    func compile(driver: [URL]) async throws -> (executable: URL, output: Output) {
        let client = work.appendingPathComponent("Client")
        let sources = try ([client] + driver).flatMap(Self.swiftFiles)
        let objects = try ["SpecwrightRuntime", "SpecwrightDigest", "SpecwrightPackageInfo"].flatMap(objectFiles)
        let executable = work.appendingPathComponent("driver")
        let arguments =
            [
                "swiftc", "-swift-version", "6", "-module-name", "RoundTripDriver",
                "-I", products.appendingPathComponent("Modules").path,
                "-I", FrameworkService.repository.appendingPathComponent("Sources/CSQLite").path
            ]
            + sources + objects + ["-lsqlite3", "-o", executable.path]
        return (executable, try await Self.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, limit: 900))
    }

    /// The object files of `target`'s current sources, as its `output-file-map.json` lists them: an
    /// incremental build leaves the objects of removed or renamed files behind in the same folder,
    /// and linking those too would define their symbols twice.
    func objectFiles(of target: String) throws -> [String] {
        let folder = products.appendingPathComponent("\(target).build")
        let map = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("output-file-map.json")))
        guard let entries = map as? [String: [String: String]] else {
            throw Failure(description: "unreadable output-file-map.json of \(target)")
        }
        return entries.filter { !$0.key.isEmpty }.compactMap { $0.value["object"] }.sorted()
    }

    static func swiftFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Runs a child process to its end, or stops it after `limit` seconds (a failure); both outputs
    /// go to files, so neither pipe can fill up.
    static func run(_ executable: URL, _ arguments: [String], limit: TimeInterval = 600) async throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let files = (0..<2).map { _ in FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        }
        for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        process.standardOutput = try FileHandle(forWritingTo: files[0])
        process.standardError = try FileHandle(forWritingTo: files[1])
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Failure(
                    description: "\(arguments.first ?? executable.path) did not finish within \(Int(limit)) s")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let texts = try files.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        return Output(status: process.terminationStatus, standardOutput: texts[0], standardError: texts[1])
    }

    func removeWork() {
        try? FileManager.default.removeItem(at: work)
    }
}
