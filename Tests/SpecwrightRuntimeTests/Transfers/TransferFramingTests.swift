import Foundation
import SpecwrightRuntime
import Testing

/// How a streamed request body is framed on the wire: by `Content-Length` or by chunked
/// `Transfer-Encoding`, never both — RFC 9112 §6.2 forbids a sender to combine them, and strict
/// servers (Node's llhttp, many proxies) answer such a request with 400, since the two framings
/// disagreeing is how requests are smuggled.
@Suite("Transfers: request body framing")
struct TransferFramingTests {
    /// An upload from a file whose response is downloaded to a file: the download task takes the body
    /// from a stream, which FoundationNetworking sends chunked.
    @Test(.timeLimit(.minutes(2)))
    func aFileUploadWithADownloadedResponseHasOneFraming() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("upload-framing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("body.bin", size: 1_500_000, seed: 5, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid)
        let endpoint = TestEndpoint(
            ["upload-hash"], method: .post, body: .file(FilePart(fileURL: file, contentType: "image/png")),
            options: EndpointOptions(timeout: 60))
        let receipt = directory.appendingPathComponent("receipt.json")
        try await client.download(endpoint, to: receipt)
        let sent = try JSONDecoder().decode(UploadReceipt.self, from: Data(contentsOf: receipt))
        #expect(
            sent
                == UploadReceipt(
                    bytes: 1_500_000, sha256: try await TransferFileUploadTests.sha256(of: file),
                    contentType: "image/png"))
        let headers = try #require(try await server.stats(sid).requests.last?.headers)
        let chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") == true
        #expect(!(chunked && headers["content-length"] != nil), "\(headers)")
        #expect(chunked || headers["content-length"] == "1500000", "\(headers)")
    }

    /// A plain file upload keeps its `Content-Length` (servers that do not take chunked bodies, such
    /// as presigned object-store URLs, need it).
    @Test(.timeLimit(.minutes(2)))
    func aFileUploadIsSentWithItsContentLength() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("upload-length")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("body.bin", size: 700_000, seed: 6, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid)
        let endpoint = TestEndpoint(
            ["upload-hash"], method: .put, body: .file(FilePart(fileURL: file)), options: EndpointOptions(timeout: 60))
        let receipt = try await client.upload(endpoint, as: UploadReceipt.self) { _ in }
        #expect(receipt.value.bytes == 700_000)
        let headers = try #require(try await server.stats(sid).requests.last?.headers)
        #expect(headers["content-length"] == "700000", "\(headers)")
        #expect(headers["transfer-encoding"] == nil, "\(headers)")
    }
}
