// The client's work per transferred megabyte for `Scripts/transfer-instructions.sh`: one download
// or upload of N MB on loopback from/to the fixture server at CG_BASE (`/blob`, `/upload-hash`), by
// the runtime (`download`: `APIClient.download(_:to:)`; `upload`: `APIClient.upload` of a
// `RequestBody.file`) or by a hand-written `URLSession` task with a completion handler
// (`base-download`, `base-upload`) or with a do-nothing session delegate (`floor-download`,
// `floor-upload`) — what `specwright-bench transfers` compares, counted in
// instructions (load-independent) instead of time. Only public API, so the same file measures a
// base commit and the working tree. Not a target of the package: the script copies it, with
// Benchmarks/SpecwrightBench/TransferBaseline.swift and TransferDelegateBaseline.swift (the
// hand-written sides), into a scratch package per side. The main thread waits on a semaphore
// (valgrind cannot run libdispatch's async main), in a detached task: a plain `Task` would inherit the
// main actor and never run.
import Foundation
import SpecwrightRuntime

struct Transfer: Endpoint {
    var method: HTTPMethod
    var pathSegments: [String]
    var query = QueryParameters()
    var body: RequestBody?
    var options: EndpointOptions { EndpointOptions(timeout: 600, retry: RetryPolicy.none) }
    var operationName: String { "bench.transfer" }
}

func run() async throws {
    let mode = CommandLine.arguments[1]
    let size = Int(CommandLine.arguments[2])! * 1_000_000
    let base = URL(string: ProcessInfo.processInfo.environment["CG_BASE"] ?? "http://127.0.0.1:8080/cg")!
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cg-xfer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("source.bin")
    let destination = directory.appendingPathComponent("downloaded.bin")
    if mode.hasSuffix("upload") { try TransferBaseline.writePattern(to: source, size: size) }
    let baseline = TransferBaseline()
    defer { baseline.invalidate() }
    var clientConfiguration = ClientConfiguration(retryPolicy: RetryPolicy.none)
    clientConfiguration.logging = .disabled
    let client = APIClient(
        service: ServiceDescription(name: "Bench", baseURL: base, timeout: 600), configuration: clientConfiguration)
    var query = QueryParameters()
    query.append("bytes", size)
    switch mode {
    case "download":
        _ = try await client.download(Transfer(method: .get, pathSegments: ["blob"], query: query), to: destination)
    case "upload":
        let endpoint = Transfer(method: .post, pathSegments: ["upload-hash"], body: .file(FilePart(fileURL: source)))
        _ = try await client.upload(endpoint) { _ in }
    case "base-download":
        try await baseline.download(
            URL(string: base.appendingPathComponent("blob").absoluteString + "?bytes=\(size)")!, to: destination)
    case "base-upload":
        try await baseline.upload(source, to: base.appendingPathComponent("upload-hash"))
    case "floor-download":
        let floor = TransferDelegateBaseline()
        defer { floor.invalidate() }
        try await floor.download(
            URL(string: base.appendingPathComponent("blob").absoluteString + "?bytes=\(size)")!, to: destination)
    case "floor-upload":
        let floor = TransferDelegateBaseline()
        defer { floor.invalidate() }
        try await floor.upload(source, to: base.appendingPathComponent("upload-hash"))
    default:
        fatalError("unknown mode \(mode)")
    }
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    do {
        try await run()
    } catch {
        print("failed: \(error)")
        exit(1)
    }
    done.signal()
}
done.wait()
