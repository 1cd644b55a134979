import Foundation

/// Child processes of the tests: `transport-probe-child` (one call through the runtime, in a
/// process of its own) and short commands such as `openssl`.
enum ChildProcess {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The `transport-probe-child` executable next to the test bundle.
    static var probeChild: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("transport-probe-child") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[candidates.count - 1]
    }

    /// Runs `executable` to the end (short commands only); throws unless it exits with 0.
    static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(executable) \(arguments) exited with \(process.terminationStatus)")
        }
    }

    /// Runs `executable` (with `environment` added to this process's) and returns its standard
    /// output once it has exited with 0.
    static func output(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> Data
    {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        while process.isRunning { try await Task.sleep(nanoseconds: 20_000_000) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failed(description: "child exited with \(process.terminationStatus): \(message)")
        }
        return data
    }
}
