// The runtime's per-call work for `Scripts/runtime-instructions.sh`: N sequential
// `APIClient.send(_:as:)` calls of a ~0.4 KB JSON object, answered (memory) by `StubTransport`,
// (hit) by the memory tier of `HTTPCache`, (disk) by its SQLite tier, or (net) by the server at
// CG_BASE through `URLSessionTransport`. Only public API that every runtime version since fe7ba3d
// has, so the same file measures a base commit and the working tree. Not a target of the package:
// the script copies it into a scratch package per side. The main thread waits on a semaphore
// (valgrind cannot run libdispatch's async main).
import Foundation
import SpecwrightRuntime

struct Book: Decodable, Sendable {
    struct Author: Decodable, Sendable { var name: String; var born: Int }
    var id: Int; var title: String; var authors: [Author]; var tags: [String]; var summary: String
    var published: Date; var rating: Double; var available: Bool
}
struct Get1K: Endpoint {
    var cache: CachePolicy = .networkOnly
    var operationName: String { "bench.json1k" }
    var method: HTTPMethod { .get }
    var pathSegments: [String] { ["json1k"] }
    var options: EndpointOptions { EndpointOptions(cache: cache) }
}
func run() async throws {
    let payload = Data(
        #"{"id":1,"title":"A book with a title","authors":[{"name":"Ann","born":1970},{"name":"Bob","born":1980}],"tags":["a","b","c"],"summary":"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.","published":"2020-01-02T03:04:05Z","rating":4.5,"available":true}"#
            .utf8)
    let mode = CommandLine.arguments[1]
    let count = Int(CommandLine.arguments[2])!
    let base = ProcessInfo.processInfo.environment["CG_BASE"] ?? "https://example.com/bench"
    let service = ServiceDescription(name: "Bench", baseURL: URL(string: base)!)
    let stub = StubTransport(recordsRequests: false) { _ in
        HTTPResponse(
            status: 200, headers: ["content-type": "application/json", "cache-control": "max-age=3600"], body: payload)
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("s5cg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache: HTTPCache?
    switch mode {
    case "memory", "net": cache = nil
    case "hit": cache = HTTPCache(fileURL: dir.appendingPathComponent("m.sqlite"))
    case "disk": cache = HTTPCache(fileURL: dir.appendingPathComponent("d.sqlite"), memoryCapacity: 0)
    default: fatalError(mode)
    }
    let client = APIClient(
        service: service,
        configuration: ClientConfiguration(
            transport: mode == "net" ? nil : stub, logging: .disabled, dataLayer: DataLayerConfiguration(cache: cache)))
    let endpoint = Get1K(cache: cache == nil ? .networkOnly : .cacheFirst(ttl: 0))
    for _ in 0..<50 { _ = try await client.send(endpoint, as: Book.self) }
    let start = ContinuousClock.now
    for _ in 0..<count { _ = try await client.send(endpoint, as: Book.self) }
    let elapsed = ContinuousClock.now - start
    let us = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
    print(mode, String(format: "%.2f µs/call", us / Double(count)))
}
let done = DispatchSemaphore(value: 0)
Task.detached {
    do { try await run() } catch { print("error", error) }; done.signal()
}
done.wait()
