// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

/// The upload sample of docs/runtime.md ("Uploads"), verbatim: compiled here, run against a stub,
/// and the test checks the document still shows exactly these lines.
enum TransferDocSample {
    struct UploadReceipt: Decodable, Sendable { var bytes: Int }

    struct UploadVideo: Endpoint {
        var file: FilePart
        var method: HTTPMethod { .post }
        var pathSegments: [String] { ["videos"] }
        var body: RequestBody? { .file(file) }
        var operationName: String { "videos.upload" }
    }

    static func run(client: APIClient, movieURL: URL) async throws -> (receipt: UploadReceipt, last: Int64?) {
        let last = Locked<Int64?>(nil)
        let video = FilePart(fileURL: movieURL, contentType: "video/quicktime")
        let receipt = try await client.upload(UploadVideo(file: video), as: UploadReceipt.self) { progress in
            print(progress.completedBytes, progress.totalBytes ?? -1)  // bytes sent / body size
            last.withLock { $0 = progress.completedBytes }
        }
        return (receipt.value, last.value)
    }
}

@Suite struct TransferDocSampleTests {
    @Test func theDocumentShowsTheCompiledUploadSampleAndItRuns() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sampleLines = source.components(separatedBy: "\n").drop { !$0.contains("let video = FilePart(fileURL: movieURL") }.prefix(3)
        #expect(sampleLines.count == 3)
        for line in sampleLines {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        let directory = makeTemporaryDirectory("doc-upload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let movie = directory.appendingPathComponent("clip.mov")
        try Data(repeating: 7, count: 4096).write(to: movie)
        let stub = StubTransport { request in
            HTTPResponse(status: 200, body: Data(#"{"bytes":\#(request.body?.count ?? -1)}"#.utf8))
        }
        let client = APIClient(
            service: ServiceDescription(name: "Docs", baseURL: URL(string: "https://api.example")!),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let outcome = try await TransferDocSample.run(client: client, movieURL: movie)
        #expect(outcome.receipt.bytes == 4096)
        #expect(outcome.last == 4096)
        #expect(stub.requests.first?.headers.value(for: "Content-Type") == "video/quicktime")
    }
}
