import Foundation
import SpecwrightRuntime
import Testing

/// `FilePart` and the multipart encoding of file parts (#12 point 2): the caller's file name and
/// content type reach the wire, file-backed parts are read from disk when the request is sent,
/// and no file name or content type can add header lines to a part.
@Suite("File parts")
struct FilePartTests {
    /// The body and `Content-Type` of the request a multipart body with `parts` becomes.
    private func sent(_ parts: [MultipartPart]) async throws -> (body: String, boundary: String) {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com/")))
        try await APIClient(service: service, configuration: configuration)
            .send(TestEndpoint(["upload"], method: .post, body: .multipart(parts)))
        let request = try #require(stub.requests.first)
        let contentType = try #require(request.headers.value(for: "Content-Type"))
        let boundary = String(try #require(contentType.components(separatedBy: "boundary=").last))
        return (String(decoding: request.body ?? Data(), as: UTF8.self), boundary)
    }

    /// The header lines of each part, split the way a server splits them.
    private func partHeaders(_ body: String, boundary: String) -> [[String]] {
        body.components(separatedBy: "--\(boundary)").dropFirst().dropLast().map { part in
            let head = part.components(separatedBy: "\r\n\r\n").first ?? ""
            return head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        }
    }

    @Test func aFilePartSendsTheCallersFilenameAndContentType() async throws {
        let photo = FilePart(data: Data([1, 2, 3]), filename: "photo.png", contentType: "image/png")
        let (body, boundary) = try await sent([
            MultipartPart(name: "file", file: photo, defaultContentType: "image/jpeg")
        ])
        #expect(
            body == "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n\u{1}\u{2}\u{3}\r\n--\(boundary)--\r\n")
    }

    @Test func withoutAContentTypeThePartUsesTheDeclaredOneElseOctetStream() {
        let file = FilePart(data: Data("x".utf8), filename: "a.bin")
        #expect(
            MultipartPart(name: "f", file: file, defaultContentType: "application/pdf").contentType == "application/pdf"
        )
        #expect(MultipartPart(name: "f", file: file).contentType == "application/octet-stream")
        #expect(MultipartPart(name: "f", file: file).filename == "a.bin")
    }

    @Test func aFileOnDiskIsReadWhenTheRequestIsSent() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filepart-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        let part = FilePart(fileURL: url, contentType: "text/plain")
        #expect(part.filename == url.lastPathComponent)
        try Data("written later".utf8).write(to: url)
        #expect(try part.source.byteCount() == 13)
        let (body, _) = try await sent([MultipartPart(name: "doc", file: part)])
        #expect(
            body.contains("filename=\"\(url.lastPathComponent)\"\r\nContent-Type: text/plain\r\n\r\nwritten later\r\n"))
    }

    @Test func aMissingFileIsAnInvalidRequestNotACrash() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.bin")
        #expect(throws: SpecwrightError.self) { try FilePart.Source.file(missing).byteCount() }
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await sent([MultipartPart(name: "doc", file: FilePart(fileURL: missing))])
        }
        guard case .invalidRequest(let reason)? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(missing.path))
    }

    @Test(arguments: ["evil\r\nContent-Type: text/html\r\n\r\nX", "a\"; name=\"other", "tab\there\u{0}", "line\nbreak"])
    func aFilenameCannotAddHeaderLinesOrParameters(filename: String) async throws {
        let file = FilePart(data: Data("payload".utf8), filename: filename, contentType: "image/png")
        let (body, boundary) = try await sent([MultipartPart(name: "file\r\nX-Injected: 1", file: file)])
        let headers = partHeaders(body, boundary: boundary)
        #expect(headers.count == 1)
        #expect(headers.first?.count == 2, "one Content-Disposition and one Content-Type line: \(headers)")
        #expect(headers.first?.last == "Content-Type: image/png")
        let disposition = try #require(headers.first?.first)
        #expect(
            disposition.filter { $0 == "\"" }.count == 4, "only the quotes around name and filename: \(disposition)")
    }

    @Test func aNonASCIIFilenameIsSentAsUTF8AndAsAnExtendedParameter() async throws {
        let file = FilePart(data: Data([0]), filename: "fötö 写真.png")
        let (body, _) = try await sent([MultipartPart(name: "file", file: file)])
        #expect(body.contains("filename=\"fötö 写真.png\"; filename*=UTF-8''f%C3%B6t%C3%B6%20%E5%86%99%E7%9C%9F.png\r\n"))
    }

    @Test func aContentTypeWithALineBreakIsRefused() async throws {
        let file = FilePart(data: Data([0]), filename: "a", contentType: "text/plain\r\nX-Injected: 1")
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await sent([MultipartPart(name: "f", file: file)])
        }
        guard case .invalidRequest? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }
}
