import Foundation
import SpecwrightDigest
import SpecwrightRuntime
import Testing

/// What the fixture's `/multipart-hash` route saw.
struct MultipartReceipt: Decodable, Sendable {
    struct Part: Decodable, Sendable, Hashable {
        var name: String?
        var filename: String?
        var contentType: String?
        var bytes: Int
        var sha256: String
        var value: String?
    }

    var parts: [Part]
    var bytes: Int
}

/// Issue #19 item 2: files uploaded from disk — as the whole body or as parts of a multipart body —
/// never loaded whole, with progress, checked on the server (size and SHA-256 of every part).
@Suite("Transfers: uploads from disk")
struct TransferFileUploadTests {
    /// A file of `size` bytes (a pattern that differs per `seed`) in `directory`.
    static func makeFile(_ name: String, size: Int, seed: UInt8, in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 / 7) &+ seed })
        var left = size
        while left > 0 {
            let chunk = block.prefix(left)
            try handle.write(contentsOf: chunk)
            left -= chunk.count
        }
        return file
    }

    /// The SHA-256 of `file` in hex, by `sha256sum` (fast for large files).
    static func sha256(of file: URL) async throws -> String {
        let output = try await ChildProcess.output("/usr/bin/env", ["sha256sum", file.path])
        return String(String(decoding: output, as: UTF8.self).prefix(64))
    }

    @Test(.timeLimit(.minutes(2)))
    func aFileIsUploadedFromDiskWithProgressThatEndsAtItsSize() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("upload-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.makeFile("video.mov", size: 5_000_000, seed: 3, in: directory)
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let endpoint = TestEndpoint(
            ["upload-hash"], method: .put, body: .file(FilePart(fileURL: file, contentType: "video/quicktime")),
            options: EndpointOptions(timeout: 60))
        let progress = Locked<[TransferProgress]>([])
        let response = try await client.upload(endpoint, as: UploadReceipt.self) { value in
            progress.withLock { $0.append(value) }
        }
        #expect(
            response.value
                == UploadReceipt(
                    bytes: 5_000_000, sha256: try await Self.sha256(of: file), contentType: "video/quicktime"))
        let values = progress.value
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(values.last == TransferProgress(completedBytes: 5_000_000, totalBytes: 5_000_000))
        #expect(response.metadata.bytesSent == 5_000_000)
    }

    @Test(.timeLimit(.minutes(2)))
    func aMultipartBodyWithTwoFilesAndFieldsArrivesPartByPart() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("upload-multipart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try Self.makeFile("photo.jpg", size: 3_000_001, seed: 1, in: directory)
        let notes = try Self.makeFile("notes.txt", size: 777, seed: 9, in: directory)
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let endpoint = TestEndpoint(
            ["multipart-hash"], method: .post,
            body: .multipart([
                MultipartPart(name: "title", data: Data("Summer".utf8)),
                MultipartPart(name: "photo", file: FilePart(fileURL: photo, contentType: "image/jpeg")),
                MultipartPart(name: "notes", file: FilePart(fileURL: notes, filename: "notes-2026.txt")),
                MultipartPart(name: "album", data: Data("Holidays".utf8))
            ]),
            options: EndpointOptions(timeout: 60))
        let last = Locked<TransferProgress?>(nil)
        let receipt = try await client.upload(endpoint, as: MultipartReceipt.self) { value in
            last.withLock { $0 = value }
        }.value
        let expected: [MultipartReceipt.Part] = [
            .init(name: "title", bytes: 6, sha256: SHA256Hex.of(Data("Summer".utf8)), value: "Summer"),
            .init(
                name: "photo", filename: "photo.jpg", contentType: "image/jpeg", bytes: 3_000_001,
                sha256: try await Self.sha256(of: photo)),
            .init(
                name: "notes", filename: "notes-2026.txt", contentType: "application/octet-stream", bytes: 777,
                sha256: try await Self.sha256(of: notes),
                value: String(decoding: try Data(contentsOf: notes), as: UTF8.self)),
            .init(name: "album", bytes: 8, sha256: SHA256Hex.of(Data("Holidays".utf8)), value: "Holidays")
        ]
        #expect(receipt.parts == expected)
        #expect(
            last.value.map { $0.completedBytes == $0.totalBytes && $0.completedBytes == Int64(receipt.bytes) } == true)
    }

    /// Both bodies are sent as the files are read, and both keep a `Content-Length` and no transfer
    /// coding: servers that refuse chunked request bodies (WSGI servers, presigned storage URLs)
    /// accept them.
    @Test(.timeLimit(.minutes(2)))
    func fileAndMultipartBodiesGoOutWithTheirContentLengthNotChunked() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("upload-framing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.makeFile("scan.pdf", size: 1_234_567, seed: 4, in: directory)
        let client = TestSupport.fixtureClient(server, sid: sid)
        let multipart = RequestBody.multipart([
            MultipartPart(name: "kind", data: Data("scan".utf8)),
            MultipartPart(name: "scan", file: FilePart(fileURL: file, contentType: "application/pdf"))
        ])
        let sent = try await client.upload(
            TestEndpoint(["upload-hash"], method: .put, body: .file(FilePart(fileURL: file)))
        ) { _ in }
        let parts = try await client.upload(TestEndpoint(["multipart-hash"], method: .post, body: multipart)) { _ in }
        let receipt = try JSONDecoder().decode(MultipartReceipt.self, from: parts.value)
        #expect(try JSONDecoder().decode(UploadReceipt.self, from: sent.value).bytes == 1_234_567)
        #expect(receipt.parts.map(\.bytes) == [4, 1_234_567])
        let requests = try await server.stats(sid).requests
        #expect(requests.map { $0.headers["content-length"] } == ["1234567", String(receipt.bytes)])
        #expect(requests.allSatisfy { $0.headers["transfer-encoding"] == nil && $0.headers["expect"] == nil })
    }

    @Test(.timeLimit(.minutes(2)))
    func aMissingFileFailsBeforeAnythingIsSent() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).bin")
        for body in [
            RequestBody.file(FilePart(fileURL: missing)),
            .multipart([MultipartPart(name: "f", file: FilePart(fileURL: missing))])
        ] {
            let error = await #expect(throws: SpecwrightError.self) {
                try await client.upload(TestEndpoint(["upload-hash"], method: .post, body: body)) { _ in }
            }
            guard case .invalidRequest = error?.kind else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                continue
            }
        }
        #expect(try await server.stats(sid).hits == 0)
    }

    /// A body that can be sent once (an app's `AsyncStream`) is not retried, even for a PUT.
    @Test(.timeLimit(.minutes(2)))
    func aBodyThatCannotBeSentAgainIsNeverRetried() async throws {
        struct OneShotBody: CallStage {
            func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
                var context = context
                let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
                continuation.yield(Data("once".utf8))
                continuation.finish()
                context.request.streamedBody = HTTPBody(stream, length: 4)
                return try await next(context)
            }
        }
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.stages = [OneShotBody()] }
        var query = QueryParameters()
        query.append("status", 503)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.upload(TestEndpoint(["upload-hash"], method: .put, query: query)) { _ in }
        }
        #expect(error?.status == 503)
        #expect(try await server.stats(sid).hits == 1)
    }
}

/// SHA-256 in hex of small values.
enum SHA256Hex {
    static func of(_ data: Data) -> String {
        SHA256.hex(data)
    }
}

/// 100 MB uploads in a child process of their own (`transport-probe-child upload`), so the peak
/// resident size measured there is the upload's alone: it grows by less than 30 MB. The child has a
/// temporary directory of its own, empty while the body is sent: the body is read from its files,
/// never copied to a temporary file first (a multipart body was, before: 100 MB written to disk).
@Suite("Transfers: large uploads with bounded memory")
struct TransferLargeUploadTests {
    private func run(_ mode: String, _ route: String, files: [URL]) async throws -> [String: Any] {
        let server = try FixtureServer.shared()
        let url = server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent(route).absoluteString
        let temporary = makeTemporaryDirectory("upload-tmpdir")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let output = try await ChildProcess.output(
            ChildProcess.probeChild.path, [mode, url] + files.map(\.path), environment: ["TMPDIR": temporary.path])
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect(result["status"] as? String == "200", "\(result)")
        #expect(result["progressMonotonic"] as? String == "true")
        #if os(Linux)
            #expect(result["temporaryFiles"] as? String == "0", "\(result)")
        #endif
        #if os(Linux)
            let growth = try #require(Int(result["peakGrowth"] as? String ?? ""))
            #expect(growth < 30 * 1024 * 1024, "peak resident size grew by \(growth) bytes")
        #endif
        return result
    }

    @Test(.timeLimit(.minutes(4)))
    func aHundredMegabyteFileIsStreamedFromDisk() async throws {
        let directory = makeTemporaryDirectory("upload-large")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TransferFileUploadTests.makeFile("large.bin", size: 100_000_000, seed: 5, in: directory)
        let result = try await run("upload", "upload-hash", files: [file])
        let receipt = try JSONDecoder().decode(UploadReceipt.self, from: Data((result["body"] as? String ?? "").utf8))
        #expect(
            receipt
                == UploadReceipt(
                    bytes: 100_000_000, sha256: try await TransferFileUploadTests.sha256(of: file),
                    contentType: "application/x-probe"))
        #expect(result["lastProgress"] as? String == "100000000")
        #expect(result["total"] as? String == "100000000")
    }

    @Test(.timeLimit(.minutes(4)))
    func aHundredMegabyteMultipartBodyIsStreamedFromItsFiles() async throws {
        let directory = makeTemporaryDirectory("upload-large-multipart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try TransferFileUploadTests.makeFile("first.bin", size: 60_000_000, seed: 2, in: directory)
        let second = try TransferFileUploadTests.makeFile("second.dat", size: 40_000_000, seed: 8, in: directory)
        let result = try await run("upload-multipart", "multipart-hash", files: [first, second])
        let receipt = try JSONDecoder().decode(
            MultipartReceipt.self, from: Data((result["body"] as? String ?? "").utf8))
        #expect(receipt.parts.map(\.name) == ["title", "first", "second", "note"])
        #expect(receipt.parts.map(\.value) == ["two files", nil, nil, "last field"])
        #expect(
            receipt.parts[1]
                == .init(
                    name: "first", filename: "first.bin", contentType: "application/x-first", bytes: 60_000_000,
                    sha256: try await TransferFileUploadTests.sha256(of: first)))
        #expect(
            receipt.parts[2]
                == .init(
                    name: "second", filename: "second.dat", contentType: "application/octet-stream", bytes: 40_000_000,
                    sha256: try await TransferFileUploadTests.sha256(of: second)))
        #expect(result["lastProgress"] as? String == String(receipt.bytes))
    }
}
