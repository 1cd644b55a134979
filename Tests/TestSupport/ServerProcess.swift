import Foundation

/// A test server child process on 127.0.0.1: started with a command line, it prints its
/// ephemeral port on the first line of stdout, and exits when its stdin closes (`stop()`, or the
/// test process ending) and after the lifetime cap it was given, so it never outlives the tests.
///
/// `@unchecked Sendable`: every stored property is immutable after `init`; `Process`/`Pipe` are
/// only touched in `init` and `stop()` (closing a file handle twice is harmless).
public final class ServerProcess: @unchecked Sendable {
    /// The server did not print its port.
    public enum StartError: Error { case noPort(String) }

    /// The loopback port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// Runs `executable` with `arguments` and waits for the port line.
    public init(executable: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text), let url = URL(string: "http://127.0.0.1:\(port)") else {
            try? input.fileHandleForWriting.close()
            throw StartError.noPort(text)
        }
        self.process = process
        self.input = input
        self.port = port
        baseURL = url
    }

    /// Closes the server's stdin and returns once the process has exited (at most ~5 s), so a
    /// request sent afterwards can no longer reach it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
