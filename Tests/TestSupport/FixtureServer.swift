import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts `Tests/Fixtures/fixture_server.py` (Python standard library) on an ephemeral loopback
/// port. The server exits when its stdin closes — `stop()`, or the test process ending — and
/// after a lifetime cap, so it never outlives the tests (Foundation's `terminate()` is not relied on).
///
/// `@unchecked Sendable`: every stored property is immutable after `init`; `Process`/`Pipe` are
/// only touched in `init` and `stop()` (closing a file handle twice is harmless).
public final class FixtureServer: @unchecked Sendable {
    /// The server did not print its port.
    public enum StartError: Error { case noPort(String) }

    /// What `/_stats/<sid>` reports.
    public struct Stats: Decodable, Sendable {
        /// One recorded request.
        public struct Request: Decodable, Sendable {
            public var method: String
            public var path: String
            public var headers: [String: String]
            public var time: Double
        }
        public var hits: Int
        public var refreshes: Int
        public var requests: [Request]
    }

    /// The loopback port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// One server per test process, started on first use.
    public static func shared() throws -> FixtureServer {
        try sharedServer.withLock { server in
            if let server { return server }
            let started = try FixtureServer(lifetime: 900)
            server = started
            return started
        }
    }

    private static let sharedServer = LockedBox<FixtureServer?>(nil)

    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fixture_server.py").path
    }

    /// Starts a server of its own that exits after `lifetime` seconds at the latest.
    public init(lifetime: Int = 120) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scriptPath, "--lifetime", String(lifetime)]
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
        guard let port = Int(text) else {
            try? input.fileHandleForWriting.close()
            throw StartError.noPort(text)
        }
        self.process = process
        self.input = input
        self.port = port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw StartError.noPort(text) }
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

    /// A fresh scenario id, so concurrent tests never share counters.
    public static func newScenario() -> String {
        UUID().uuidString.lowercased()
    }

    /// The base URL of a scenario (`http://127.0.0.1:port/<sid>`).
    public func scenarioURL(_ sid: String) -> URL {
        baseURL.appendingPathComponent(sid)
    }

    /// The hit counter, refresh counter and recorded requests of a scenario.
    public func stats(_ sid: String) async throws -> Stats {
        let url = baseURL.appendingPathComponent("_stats").appendingPathComponent(sid)
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode(Stats.self, from: data)
    }
}

/// A minimal lock box for test helpers.
public final class LockedBox<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
