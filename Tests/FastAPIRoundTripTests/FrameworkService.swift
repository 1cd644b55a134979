import Foundation
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A service of a Python web framework that derives its OpenAPI document from code
/// (`Tests/Fixtures/<framework>/app.py`), run by uvicorn (`Tests/Fixtures/fastapi/serve.py`) from the
/// virtual environment `Scripts/frameworks-venv.sh` creates (`.ci/run` does): `.build/frameworks-venv`,
/// or the interpreter named by `SPECWRIGHT_FRAMEWORKS_PYTHON`.
struct FrameworkService {
    /// One recorded call: the route template it matched and whether credentials came with it.
    struct Call: Decodable, Hashable {
        var method: String
        var path: String
        var authorization: Bool
        var status: Int
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The virtual environment's interpreter, when it exists.
    static var python: URL? {
        if let named = ProcessInfo.processInfo.environment["SPECWRIGHT_FRAMEWORKS_PYTHON"] {
            return URL(fileURLWithPath: named)
        }
        let python = repository.appendingPathComponent(".build/frameworks-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    let framework: RoundTripFramework
    let server: ServerProcess

    /// Starts the service; it exits when `stop()` closes its stdin, and after `lifetime` seconds.
    init(_ framework: RoundTripFramework, python: URL, lifetime: Int = 300) throws {
        self.framework = framework
        let serve = Self.repository.appendingPathComponent("Tests/Fixtures/fastapi/serve.py")
        server = try ServerProcess(
            executable: python,
            arguments: [
                serve.path, "--lifetime", String(lifetime),
                "--app", framework.fixtures.appendingPathComponent("app.py").path
            ]
        )
    }

    /// The OpenAPI document the framework derives from the code, as served.
    func document() async throws -> Data {
        try await get(framework.documentPath)
    }

    /// Every call the service answered so far.
    func calls() async throws -> [Call] {
        try JSONDecoder().decode([Call].self, from: try await get("_calls"))
    }

    private func get(_ path: String) async throws -> Data {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.timeoutInterval = 30
        let (data, _) = try await URLSession.shared.data(for: request)
        return data
    }

    func stop() {
        server.stop()
    }
}
