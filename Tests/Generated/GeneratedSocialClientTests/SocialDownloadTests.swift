import Foundation
import SpecwrightRuntime
import Testing

/// `posts.original` (`download: true` in specs/social.yaml) through the generated client: the
/// bytes in memory, or streamed into a file with progress; either way the request asks for any
/// media type, not the spec's static `Accept: application/json`.
@Suite struct SocialDownloadTests {
    static let mediaID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
    static let bytes = Data((0..<5000).map { UInt8($0 % 251) })

    static func client() -> (SocialClient, StubTransport) {
        let stub = SocialGeneratedClientTests.stub { request in
            HTTPResponse(status: 200, headers: ["content-type": "video/mp4"], body: bytes)
        }
        return (SocialClient(configuration: ClientConfiguration(transport: stub)), stub)
    }

    @Test(.timeLimit(.minutes(1)))
    func theOriginalArrivesAsDataWithAnyMediaTypeAccepted() async throws {
        let (client, stub) = Self.client()
        let data = try await client.posts.original(mediaId: Self.mediaID)
        #expect(data == Self.bytes)
        let request = try #require(stub.requests.last)
        #expect(request.url.path == "/v2/media/6F9619FF-8B86-D011-B42D-00CF4FC964FF/original")
        #expect(request.headers.value(for: "Accept") == "*/*")
        #expect(request.timeout == 600)
    }

    @Test(.timeLimit(.minutes(1)))
    func theOriginalDownloadsIntoAFileWithProgress() async throws {
        let (client, stub) = Self.client()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "social-original-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Locked<[TransferProgress]>([])
        let written = try await client.posts.original(mediaId: Self.mediaID, to: file) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(written == file)
        #expect(try Data(contentsOf: file) == Self.bytes)
        #expect(reports.withLock { $0.last } == TransferProgress(completedBytes: 5000, totalBytes: 5000))
        #expect(stub.requests.last?.headers.value(for: "Accept") == "*/*")
        #expect(stub.requests.allSatisfy { !$0.url.path.hasSuffix("/config") })  // downloads skip the data layer's gate
    }
}
