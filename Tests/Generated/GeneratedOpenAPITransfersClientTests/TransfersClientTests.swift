import Foundation
import SpecwrightDigest
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The client generated from `Tests/Fixtures/openapi/transfers.yaml` (an OpenAPI 3.1 document with
/// a binary upload, a multipart upload with files, a binary download, server-sent events and JSON
/// Lines) against the fixture server on 127.0.0.1 (`transfer_fixture.py`, `stream_fixture.py`),
/// whose stream routes refuse an `Accept` without their media type.
@Suite("OpenAPI transfers client: uploads, downloads and streams end to end", .timeLimit(.minutes(2)))
struct TransfersClientTests {
    static func client(_ server: FixtureServer, sid: String) -> TransfersClient {
        TransfersClient(
            configuration: ClientConfiguration(
                baseURL: server.scenarioURL(sid),
                retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.05, maxDelay: 0.1, jitter: .none),
                logging: .disabled))
    }

    /// Byte i of the fixture's blob.
    static func blob(_ count: Int) -> Data { Data((0..<count).map { UInt8($0 % 251) }) }

    static func sha256(_ data: Data) -> String { SHA256.hex(data) }

    @Test func aBinaryBodyIsUploadedFromDiskAndHashedByTheServer() async throws {
        let server = try FixtureServer.shared()
        let bytes = Self.blob(300_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString).bin")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let received = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.uploadBlob(
            body: FilePart(fileURL: file))
        #expect(received.bytes == 300_000)
        #expect(received.sha256 == (Self.sha256(bytes)))
        #expect(received.contentType == "application/octet-stream")
    }

    /// Whether `reports` never go back and end at their total.
    static func isMonotonicToTheTotal(_ reports: [TransferProgress]) -> Bool {
        guard let last = reports.last, last.totalBytes == last.completedBytes else { return false }
        return zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }
    }

    static func temporaryFile(_ data: Data, suffix: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "transfers-\(UUID().uuidString).\(suffix)")
        try data.write(to: file)
        return file
    }

    @Test func aFileUploadReportsProgressUpToItsSizeAndTheServerHashesItsBytes() async throws {
        let server = try FixtureServer.shared()
        let bytes = Self.blob(2_000_000)
        let file = try Self.temporaryFile(bytes, suffix: "png")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = LockedBox<[TransferProgress]>([])
        let received = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.uploadBlob(
            body: FilePart(fileURL: file, contentType: "image/png")
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(received.bytes == 2_000_000)
        #expect(received.sha256 == Self.sha256(bytes))
        #expect(received.contentType == "image/png")  // the caller's type wins over the declared one
        let progress = reports.withLock { $0 }
        #expect(Self.isMonotonicToTheTotal(progress), "\(progress)")
        #expect(progress.last?.totalBytes == 2_000_000)
    }

    @Test func aMultipartUploadOfTwoFilesAndAFieldReportsProgressOfTheWholeBody() async throws {
        let server = try FixtureServer.shared()
        let first = try Self.temporaryFile(Self.blob(400_000), suffix: "pdf")
        let second = try Self.temporaryFile(Self.blob(123_457), suffix: "bin")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let reports = LockedBox<[TransferProgress]>([])
        let form = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.uploadForm(
            title: "Two files", document: FilePart(fileURL: first, filename: "a.pdf"),
            attachments: [FilePart(fileURL: second, filename: "b.bin")]
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(form.parts.map(\.name) == ["title", "document", "attachments"])
        #expect(form.parts.map(\.filename) == [nil, "a.pdf", "b.bin"])
        #expect(form.parts[1].sha256 == Self.sha256(Self.blob(400_000)))
        #expect(form.parts[2].sha256 == Self.sha256(Self.blob(123_457)))
        #expect(form.parts[2].contentType == "application/octet-stream")
        let progress = reports.withLock { $0 }
        #expect(Self.isMonotonicToTheTotal(progress), "\(progress)")
        #expect(progress.last?.totalBytes == Int64(form.bytes))
    }

    @Test func aBinaryResponseAsksForItsDeclaredMediaTypesAndDownloadsIntoAFile() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid)
        #expect(try await client.downloads.fetchDocument(bytes: 9_000, type: "image/png") == Self.blob(9_000))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = LockedBox<[TransferProgress]>([])
        _ = try await client.downloads.fetchDocument(bytes: 600_000, type: "application/pdf", to: file) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(try Data(contentsOf: file) == Self.blob(600_000))
        #expect(Self.isMonotonicToTheTotal(reports.withLock { $0 }))
        // A media type the operation does not declare is refused by the server (406): the Accept is the declared list.
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.downloads.fetchDocument(bytes: 10, type: "text/csv")
        }
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.headers["accept"] == "application/pdf, image/png" })
    }

    @Test func aMultipartBodySendsFilesFromDiskAndFields() async throws {
        let server = try FixtureServer.shared()
        let document = FileManager.default.temporaryDirectory.appendingPathComponent(
            "transfers-\(UUID().uuidString).pdf")
        try Self.blob(200_000).write(to: document)
        defer { try? FileManager.default.removeItem(at: document) }
        let extra = Data("second file".utf8)
        let form = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.uploadForm(
            title: "Quarterly report", document: FilePart(fileURL: document, filename: "report.pdf"),
            attachments: [FilePart(data: extra, filename: "notes.txt", contentType: "text/plain")])
        #expect(form.parts.map(\.name) == ["title", "document", "attachments"])
        #expect(form.parts[0].value == "Quarterly report")
        #expect(form.parts[1].filename == "report.pdf")
        #expect(form.parts[1].contentType == "application/pdf")  // the document's encoding.contentType
        #expect(form.parts[1].bytes == 200_000)
        #expect(form.parts[1].sha256 == (Self.sha256(Self.blob(200_000))))
        #expect(form.parts[2].sha256 == (Self.sha256(extra)))
    }

    @Test func aBinaryResponseArrivesAsDataAskingForItsMediaTypes() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid)
        let data = try await client.downloads.fetchBlob(bytes: 70_000, cut: nil, once: nil)
        #expect(data == Self.blob(70_000))
        let request = try #require(try await server.stats(sid).requests.last)
        #expect(request.headers["accept"] == "application/octet-stream, */*")
    }

    @Test func aDownloadCutMidBodyResumesIntoTheFileWithMonotonicProgress() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = LockedBox<[TransferProgress]>([])
        let size = 3_000_000
        // Anywhere in the body: the runtime keeps the interrupted attempt's bytes in a file of its own.
        let cut = 1_000_000 + Int.random(in: 1..<100_000)
        let written = try await Self.client(server, sid: sid).downloads.fetchBlob(
            bytes: size, cut: cut, once: 1, to: file
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(written == file)
        #expect(try Data(contentsOf: file) == Self.blob(size))
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 2)
        // The rest from where the kept bytes end (at most the bytes the server sent before the cut).
        let start = try #require(
            requests.last?.headers["range"].flatMap { Int($0.dropFirst("bytes=".count).dropLast()) })
        #expect(start > 0 && start <= cut)
        #expect(requests.allSatisfy { $0.headers["accept"] == "application/octet-stream, */*" })
        let completed = reports.withLock { $0.map(\.completedBytes) }
        #expect(completed.last == Int64(size))
        #expect(zip(completed, completed.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func eventsResumeWithLastEventIDAndJSONLinesDecode() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid)
        var numbers: [Int] = []
        for try await event in try await client.streams.watchNumbers(total: 5, cut: 2) { numbers.append(event.n) }
        #expect(numbers == [1, 2, 3, 4, 5])
        var lines: [String] = []
        for try await line in try await client.streams.exportLines(count: 4, split: 7) { lines.append(line.text) }
        #expect(lines == ["line 1", "line 2", "line 3", "line 4"])
        let requests = try await server.stats(sid).requests
        #expect(
            requests.map { $0.headers["accept"] } == [
                "text/event-stream", "text/event-stream", APIClient.jsonLinesMediaTypes
            ])
        #expect(requests.map { $0.headers["last-event-id"] } == [nil, "2", nil])
    }
}
