import Foundation
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The FastAPI service of `Tests/Fixtures/fastapi` (app.py), run by uvicorn from the virtual
/// environment `Scripts/fastapi-venv.sh` creates (`.ci/run` does): `.build/fastapi-venv`, or the
/// interpreter named by `SPECWRIGHT_FASTAPI_PYTHON`.
struct FastAPIService {
    /// One recorded call: the route template it matched and whether credentials came with it.
    struct Call: Decodable, Hashable {
        var method: String
        var path: String
        var authorization: Bool
        var status: Int
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures/fastapi")

    /// The virtual environment's interpreter, when it exists.
    static var python: URL? {
        if let named = ProcessInfo.processInfo.environment["SPECWRIGHT_FASTAPI_PYTHON"] {
            return URL(fileURLWithPath: named)
        }
        let python = repository.appendingPathComponent(".build/fastapi-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    let server: ServerProcess

    /// Starts the service; it exits when `stop()` closes its stdin, and after `lifetime` seconds.
    init(python: URL, lifetime: Int = 300) throws {
        server = try ServerProcess(
            executable: python,
            arguments: [Self.fixtures.appendingPathComponent("serve.py").path, "--lifetime", String(lifetime)]
        )
    }

    /// The OpenAPI document FastAPI derives from the code, as served.
    func document() async throws -> Data {
        try await get("openapi.json")
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
