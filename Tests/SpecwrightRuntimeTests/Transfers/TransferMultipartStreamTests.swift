import Foundation
import Testing

@testable import SpecwrightRuntime

/// The multipart body of file parts, produced chunk by chunk (`MultipartStream`): the same bytes as
/// the in-memory encoding, a length known up front, files read anew on every iteration.
@Suite("Transfers: multipart bodies streamed from disk")
struct TransferMultipartStreamTests {
    private func collect(_ stream: MultipartStream) async throws -> Data {
        var body = Data()
        for try await chunk in stream { body.append(chunk) }
        return body
    }

    @Test func producesTheBytesOfTheInMemoryEncodingInSmallChunks() async throws {
        let directory = makeTemporaryDirectory("multipart-stream")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("photo.jpg")
        try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) }).write(to: photo)
        let empty = directory.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let parts = [
            MultipartPart(name: "title", data: Data("Holiday".utf8)),
            MultipartPart(name: "photo", file: FilePart(fileURL: photo, contentType: "image/jpeg")),
            MultipartPart(name: "note", file: FilePart(fileURL: empty, filename: "naïve \"note\".txt")),
            MultipartPart(name: "blank", data: Data())
        ]
        let stream = try MultipartStream(parts, boundary: "b-1", chunkSize: 777)
        let expected = try MultipartEncoding.body(parts, boundary: "b-1")
        #expect(try await collect(stream) == expected)
        #expect(stream.length == Int64(expected.count))
        var chunks = 0
        for try await chunk in stream {
            #expect(chunk.count <= 777)
            chunks += 1
        }
        #expect(chunks > 10_000 / 777)
        // A retry reads the files again.
        #expect(try await collect(stream) == expected)
    }

    @Test func aBodyWithoutPartsIsTheClosingDelimiter() async throws {
        let stream = try MultipartStream([], boundary: "b-2")
        #expect(try await collect(stream) == Data("--b-2--\r\n".utf8))
        #expect(stream.length == 9)
    }

    @Test func aMissingFileIsAnInvalidRequestBeforeAnyByteIsSent() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).bin")
        #expect(throws: SpecwrightError.self) {
            try MultipartStream([MultipartPart(name: "f", file: FilePart(fileURL: missing))], boundary: "b")
        }
    }

    @Test func aFileThatGrewAfterTheLengthWasTakenFailsTheBody() async throws {
        let directory = makeTemporaryDirectory("multipart-grew")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.txt")
        try Data("short".utf8).write(to: file)
        let stream = try MultipartStream([MultipartPart(name: "log", file: FilePart(fileURL: file))], boundary: "b")
        try Data("much longer than before".utf8).write(to: file)
        await #expect(throws: SpecwrightError.self) { _ = try await collect(stream) }
    }

    /// What a transport reads (`BodySegmentReader`, behind Linux's `BodyInputStream`): the same
    /// bytes as the iteration, into buffers of any size, the length known up front.
    @Test func theSegmentsReadIntoSmallBuffersAreTheBytesOfTheInMemoryEncoding() throws {
        let directory = makeTemporaryDirectory("multipart-segments")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("photo.jpg")
        try Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 / 5) }).write(to: photo)
        let empty = directory.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let parts = [
            MultipartPart(name: "title", data: Data("Holiday".utf8)),
            MultipartPart(name: "photo", file: FilePart(fileURL: photo, contentType: "image/jpeg")),
            MultipartPart(name: "note", file: FilePart(fileURL: empty)),
            MultipartPart(name: "blank", data: Data())
        ]
        let expected = try MultipartEncoding.body(parts, boundary: "b-3")
        let body = HTTPBody(replayable: try MultipartStream(parts, boundary: "b-3"), length: nil)
        for size in [1, 7, 16_384, 1 << 20] {
            let reader = BodySegmentReader(try #require(try body.segments()))
            #expect(reader.length == Int64(expected.count))
            #expect(try Self.readAll(reader, bufferSize: size) == expected)
        }
    }

    @Test func aFileThatChangedSizeFailsTheSegmentReader() throws {
        let directory = makeTemporaryDirectory("multipart-segments-grew")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.txt")
        try Data("short".utf8).write(to: file)
        let segments = try #require(try HTTPBody(contentsOf: file).segments())
        try Data("much longer than before".utf8).write(to: file)
        #expect(throws: SpecwrightError.self) { try Self.readAll(BodySegmentReader(segments), bufferSize: 4) }
        try Data("s".utf8).write(to: file)
        #expect(throws: SpecwrightError.self) { try Self.readAll(BodySegmentReader(segments), bufferSize: 4) }
    }

    /// An app's async sequence has no segments: only an iteration can read it.
    @Test func anAsyncSequenceHasNoSegments() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.finish()
        #expect(try HTTPBody(stream, length: 0).segments() == nil)
        #expect(try HTTPBody(Data("abc".utf8)).segments() == [.bytes(Data("abc".utf8))])
    }

    private static func readAll(_ reader: BodySegmentReader, bufferSize: Int) throws -> Data {
        var whole = Data()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return whole }
            whole.append(contentsOf: buffer[0..<count])
        }
    }
}
