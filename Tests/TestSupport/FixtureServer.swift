import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts `Tests/Fixtures/fixture_server.py` (Python standard library) on an ephemeral loopback
/// port (a `ServerProcess`: it exits when its stdin closes — `stop()`, or the test process ending —
/// and after a lifetime cap, so it never outlives the tests; Foundation's `terminate()` is not relied on).
public final class FixtureServer: Sendable {
    /// The server did not print its port.
    public typealias StartError = ServerProcess.StartError

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
        /// Requests whose credentials the server refused (401s and envelope token-expired codes).
        public var rejections: Int
        public var requests: [Request]
    }

    /// The loopback port.
    public var port: Int { process.port }
    /// `http://127.0.0.1:<port>` (`https://` when serving TLS).
    public let baseURL: URL
    private let process: ServerProcess

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

    /// Starts a server of its own that exits after `lifetime` seconds at the latest. With `tls`
    /// (PEM certificate and key files) it serves https and `baseURL` is `https://127.0.0.1:<port>`.
    /// With `port` it listens there (a restart of a stopped server: same URLs, fresh counters).
    public init(lifetime: Int = 120, tls: (certificate: URL, key: URL)? = nil, port: Int? = nil) throws {
        process = try ServerProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", Self.scriptPath, "--lifetime", String(lifetime)]
                + (port.map { ["--port", String($0)] } ?? [])
                + (tls.map { ["--tls-cert", $0.certificate.path, "--tls-key", $0.key.path] } ?? [])
        )
        baseURL = tls == nil ? process.baseURL : URL(string: "https://127.0.0.1:\(process.port)") ?? process.baseURL
    }

    /// Closes the server's stdin and returns once the process has exited (at most ~5 s), so a
    /// request sent afterwards can no longer reach it.
    public func stop() {
        process.stop()
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
