// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The generated-transfers sample of docs/runtime.md ("Generated upload and download methods"),
/// verbatim: compiled against the client generated from Tests/Fixtures/transfers.yaml, run against
/// a stub, and the test checks the document still shows exactly these lines.
enum TransfersDocSample {
    static func run(client: FileTransfersClient, movieURL: URL, pdfURL: URL) async throws -> (Received, Int64?, URL) {
        let last = LockedBox<Int64?>(nil)
        let movie = FilePart(fileURL: movieURL, contentType: "video/mp4")            // streamed from disk
        let receipt = try await client.uploads.file(body: movie) { progress in
            last.withLock { $0 = progress.completedBytes }                          // bytes sent / body size
        }
        let pdf = try await client.downloads.document(bytes: 4096, type: "application/pdf", to: pdfURL, progress: nil)
        return (receipt, last.withLock { $0 }, pdf)
    }
}

@Suite struct TransfersDocSampleTests {
    @Test func theDocumentShowsTheCompiledGeneratedTransferSampleAndItRuns() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sampleLines = source.components(separatedBy: "\n").drop { !$0.contains("let movie = FilePart(") }.prefix(5)
        #expect(sampleLines.count == 5)
        for line in sampleLines {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let movie = directory.appendingPathComponent("clip.mp4")
        try Data(repeating: 7, count: 5000).write(to: movie)
        let stub = StubTransport { request in
            if request.method == .get {
                return HTTPResponse(status: 200, headers: ["content-type": "application/pdf"], body: Data(count: 4096))
            }
            let body = #"{"bytes":\#(request.body?.count ?? -1),"sha256":"-","contentType":"video/mp4"}"#
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
        let client = FileTransfersClient(configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let pdfURL = directory.appendingPathComponent("doc.pdf")
        let (receipt, last, pdf) = try await TransfersDocSample.run(client: client, movieURL: movie, pdfURL: pdfURL)
        #expect(receipt.bytes == 5000)
        #expect(last == 5000)
        #expect(try Data(contentsOf: pdf).count == 4096)
        #expect(stub.requests.first?.headers.value(for: "Content-Type") == "video/mp4")
        #expect(stub.requests.last?.headers.value(for: "Accept") == "application/pdf, image/png")
    }
}
