// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
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

    // The download sample of "Transfers", verbatim.
    struct ExportEndpoint: Endpoint {
        var id: String
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["exports", id] }
        var operationName: String { "exports.get" }
    }

    static func download(client: APIClient, id: String) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export.zip")
        try await client.download(ExportEndpoint(id: id), to: file) { progress in
            print(progress.completedBytes, progress.totalBytes ?? -1)  // on the transport's queue
        }
        return file
    }

    // The file parts of "Files in multipart bodies", verbatim.
    static func parts(jpeg: Data, movieURL: URL) -> [FilePart] {
        let photo = FilePart(data: jpeg, filename: "holiday.jpg", contentType: "image/jpeg")
        let clip = FilePart(fileURL: movieURL, contentType: "video/quicktime")  // filename: movieURL's last component
        return [photo, clip]
    }

    #if !canImport(FoundationNetworking)
        // The background transfer sample of "Background transfers (Apple platforms)", verbatim:
        // compiled on Apple platforms only (Linux has no background sessions).
        static func background(service: ServiceDescription, id: String, file: URL) async throws {
            let transfers = APIClient(service: service, configuration: ClientConfiguration(transport: URLSessionTransport.background(identifier: "com.example.app.transfers")))
            try await transfers.download(ExportEndpoint(id: id), to: file)
        }
    #endif
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

    @Test(.timeLimit(.minutes(1)))
    func theDownloadAndFilePartSamplesAreShownAndRun() async throws {
        let document = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let download = source.drop { !$0.contains("let file = FileManager.default.temporaryDirectory") }.prefix(4)
        let parts = source.drop { !$0.contains("let photo = FilePart(data: jpeg") }.prefix(2)
        let background = source.drop { !$0.contains("let transfers = APIClient(service: service") }.prefix(2)
        #expect(download.count == 4 && parts.count == 2 && background.count == 2)
        for line in download + parts + background {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        let stub = StubTransport { _ in HTTPResponse(status: 200, body: Data("zip".utf8)) }
        let client = APIClient(
            service: ServiceDescription(name: "Docs", baseURL: URL(string: "https://api.example")!),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let file = try await TransferDocSample.download(client: client, id: "e1")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Data("zip".utf8))
        #expect(stub.requests.first?.url.path == "/exports/e1")
        let movie = URL(fileURLWithPath: "/tmp/clip.mov")
        let filed = TransferDocSample.parts(jpeg: Data([0xFF, 0xD8]), movieURL: movie)
        #expect(filed.map(\.filename) == ["holiday.jpg", "clip.mov"])
        #expect(filed.map(\.contentType) == ["image/jpeg", "video/quicktime"])
    }
}
