import Foundation

/// Type-checks Swift sources with `swiftc -typecheck` against the `SpecwrightRuntime` module this
/// test run built: how tests prove that code a user could write does *not* compile (an incomplete
/// fake of a generated protocol, a call of an SPI helper without the SPI import). The compiler
/// runs in a child process with a time limit; a compiler that cannot be found or a module that
/// was not built is an error, never a pass.
public enum SwiftTypecheck {
    /// The compiler's exit status and everything it printed.
    public struct Outcome: Sendable {
        /// 0 when the sources type-check.
        public let status: Int32
        /// The diagnostics (standard output and standard error together).
        public let output: String
    }

    /// The setup is broken (no runtime module, compiler timed out): the test must fail.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Type-checks `sources` (file name → text) in Swift 6 mode; killed after `timeLimit` seconds.
    public static func run(_ sources: [String: String], timeLimit: TimeInterval = 600) throws -> Outcome {
        let modules = try runtimeModulesDirectory()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        return try runProcess(
            "/usr/bin/env",
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path] + cModuleArguments() + paths,
            timeLimit: timeLimit)
    }

    /// Runs `executable` with `arguments`, its output collected in a file; killed after `timeLimit` seconds.
    private static func runProcess(_ executable: String, _ arguments: [String], timeLimit: TimeInterval) throws
        -> Outcome
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("process-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = directory.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupError(description: "\(executable) did not finish within \(Int(timeLimit)) s")
        }
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: text)
    }

    /// The package's root folder (`Tests/TestSupport/` is two levels below it).
    static var packageRoot: URL { repositoryRoot }

    /// `-I` for the C modules the runtime imports on Linux (SQLite through `Sources/CSQLite`).
    private static func cModuleArguments() -> [String] {
        #if os(Linux)
            return ["-I", packageRoot.appendingPathComponent("Sources/CSQLite").path]
        #else
            return []
        #endif
    }

    /// Runs the `specwright` executable this test run built with `arguments`; killed after
    /// `timeLimit` seconds. A missing executable is an error, never a pass.
    public static func specwright(_ arguments: [String], timeLimit: TimeInterval = 300) throws -> Outcome {
        let modules = try runtimeModulesDirectory()
        let candidates = [
            modules.appendingPathComponent("specwright"),
            modules.deletingLastPathComponent().appendingPathComponent("specwright")
        ]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw SetupError(description: "no specwright executable in \(candidates.map(\.path))")
        }
        return try runProcess(tool.path, arguments, timeLimit: timeLimit)
    }

    /// The build folder holding `SpecwrightRuntime.swiftmodule`: next to the test executable
    /// (whichever scratch path the build used), else the package's default `.build/debug`.
    private static func runtimeModulesDirectory() throws -> URL {
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<5 {
            candidates += [folder.appendingPathComponent("Modules"), folder]
            folder = folder.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let debug = bundle.bundleURL.deletingLastPathComponent()
            candidates += [debug.appendingPathComponent("Modules"), debug]
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        for candidate in candidates
        where FileManager.default.fileExists(
            atPath: candidate.appendingPathComponent("SpecwrightRuntime.swiftmodule").path)
        {
            return candidate
        }
        throw SetupError(description: "SpecwrightRuntime.swiftmodule not found near \(CommandLine.arguments[0])")
    }
}
