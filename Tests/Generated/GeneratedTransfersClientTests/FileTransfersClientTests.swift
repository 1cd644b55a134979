import Foundation
import SpecwrightDigest
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The client generated from the spec-format `Tests/Fixtures/transfers.yaml` (a file body, a
/// `Data` body, multipart with files, downloads with declared media types, SSE and JSON Lines)
/// against the fixture server on 127.0.0.1 (`transfer_fixture.py`, `stream_fixture.py`). The
/// spec's static `Accept: application/json` must not reach the binary and streamed operations.
@Suite("Spec transfers client: uploads, downloads and streams end to end", .timeLimit(.minutes(2)))
struct FileTransfersClientTests {
    static func client(_ server: FixtureServer, sid: String) -> FileTransfersClient {
        FileTransfersClient(
            configuration: ClientConfiguration(
                baseURL: server.scenarioURL(sid),
                retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.05, maxDelay: 0.1, jitter: .none),
                logging: .disabled))
    }

    /// Byte i of the fixture's blob.
    static func blob(_ count: Int) -> Data { Data((0..<count).map { UInt8($0 % 251) }) }

    static func temporaryFile(_ data: Data, suffix: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spec-transfers-\(UUID().uuidString).\(suffix)")
        try data.write(to: file)
        return file
    }

    /// Whether `reports` never go back and end at their total.
    static func isMonotonicToTheTotal(_ reports: [TransferProgress]) -> Bool {
        guard let last = reports.last, last.totalBytes == last.completedBytes else { return false }
        return zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }
    }

    @Test func aFileBodyIsStreamedFromDiskWithProgressAndHashedByTheServer() async throws {
        let server = try FixtureServer.shared()
        let bytes = Self.blob(1_500_000)
        let file = try Self.temporaryFile(bytes, suffix: "bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = LockedBox<[TransferProgress]>([])
        let received = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.file(
            body: FilePart(fileURL: file)  // the spec's default arguments (status: nil) with progress
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(received.bytes == 1_500_000)
        #expect(received.sha256 == SHA256.hex(bytes))
        #expect(received.contentType == "application/octet-stream")
        let progress = reports.withLock { $0 }
        #expect(Self.isMonotonicToTheTotal(progress), "\(progress)")
        #expect(progress.last?.totalBytes == 1_500_000)
    }

    @Test func aDataBodyIsSentAsItsDeclaredMediaTypeWithProgress() async throws {
        let server = try FixtureServer.shared()
        let bytes = Self.blob(80_000)
        let reports = LockedBox<[TransferProgress]>([])
        let received = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.picture(
            body: bytes, status: nil
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(received.sha256 == SHA256.hex(bytes))
        #expect(received.contentType == "image/png")
        #expect(reports.withLock { $0.last } == TransferProgress(completedBytes: 80_000, totalBytes: 80_000))
    }

    /// Issue #19 point 9 through generated methods: a file upload is sent again only when the
    /// operation may be repeated (the PUT), never for the POST.
    @Test func aFailedUploadIsRetriedOnlyWhenTheOperationIsIdempotent() async throws {
        let server = try FixtureServer.shared()
        let file = try Self.temporaryFile(Self.blob(50_000), suffix: "bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let postSid = FixtureServer.newScenario()
        await #expect(throws: SpecwrightError.self) {
            _ = try await Self.client(server, sid: postSid).uploads.file(body: FilePart(fileURL: file), status: 503)
        }
        #expect(try await server.stats(postSid).requests.count == 1)
        let putSid = FixtureServer.newScenario()
        await #expect(throws: SpecwrightError.self) {
            _ = try await Self.client(server, sid: putSid).uploads.picture(body: Self.blob(50_000), status: 503) { _ in
            }
        }
        #expect(try await server.stats(putSid).requests.count == 3)
    }

    @Test func aMultipartBodyOfTwoFilesAndAFieldReportsProgressOfTheWholeBody() async throws {
        let server = try FixtureServer.shared()
        let document = try Self.temporaryFile(Self.blob(300_000), suffix: "pdf")
        let attachment = try Self.temporaryFile(Self.blob(70_001), suffix: "txt")
        defer {
            try? FileManager.default.removeItem(at: document)
            try? FileManager.default.removeItem(at: attachment)
        }
        let reports = LockedBox<[TransferProgress]>([])
        let form = try await Self.client(server, sid: FixtureServer.newScenario()).uploads.form(
            title: "Report", document: FilePart(fileURL: document),
            attachments: [FilePart(fileURL: attachment, filename: "notes.txt", contentType: "text/plain")]
        ) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(form.parts.map(\.name) == ["title", "document", "attachments"])
        #expect(form.parts[0].value == "Report")
        #expect(form.parts[1].contentType == "application/pdf")  // the spec's contentType for the field
        #expect(form.parts[1].sha256 == SHA256.hex(Self.blob(300_000)))
        #expect(form.parts[2].contentType == "text/plain")
        #expect(form.parts[2].sha256 == SHA256.hex(Self.blob(70_001)))
        let progress = reports.withLock { $0 }
        #expect(Self.isMonotonicToTheTotal(progress), "\(progress)")
        #expect(progress.last?.totalBytes == Int64(form.bytes))
    }

    @Test func aBinaryResponseAsksForItsDeclaredMediaTypesAndDownloadsIntoAFile() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid)
        #expect(try await client.downloads.document(bytes: 4_000, type: "application/pdf") == Self.blob(4_000))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = LockedBox<[TransferProgress]>([])
        _ = try await client.downloads.document(bytes: 500_000, type: "image/png", to: file) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(try Data(contentsOf: file) == Self.blob(500_000))
        #expect(Self.isMonotonicToTheTotal(reports.withLock { $0 }))
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.downloads.document(bytes: 10, type: "application/json")  // not declared: 406
        }
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.headers["accept"] == "application/pdf, image/png" })
    }

    @Test func aDownloadCutMidBodyResumesIntoTheFile() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await Self.client(server, sid: sid).downloads.blob(bytes: 2_000_000, cut: 700_000, once: 1, to: file) {
            _ in
        }
        // With the spec's default arguments (no cut) into another file.
        let again = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: again) }
        _ = try await Self.client(server, sid: sid).downloads.blob(bytes: 1000, to: again, progress: nil)
        #expect(try Data(contentsOf: again) == Self.blob(1000))
        #expect(try Data(contentsOf: file) == Self.blob(2_000_000))
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 3)
        #expect(requests[1].headers["range"] != nil)
        #expect(requests.allSatisfy { $0.headers["accept"] == "*/*" })
    }

    @Test func streamsAskForTheirOwnMediaTypesOverTheStaticAccept() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid)
        var numbers: [Int] = []
        for try await event in try await client.streams.numbers(total: 4, cut: 2) { numbers.append(event.n) }
        #expect(numbers == [1, 2, 3, 4])
        var lines: [String] = []
        for try await line in try await client.streams.lines(count: 3, split: 5) { lines.append(line.text) }
        #expect(lines == ["line 1", "line 2", "line 3"])
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["last-event-id"] } == [nil, "2", nil])
        #expect(
            requests.map { $0.headers["accept"] } == [
                "text/event-stream", "text/event-stream", APIClient.jsonLinesMediaTypes
            ])
    }
}
