import Foundation
import SpecwrightDigest
import SpecwrightRuntime
import Testing

/// What the fixture's `/upload-hash` route saw.
struct UploadReceipt: Decodable, Sendable, Hashable {
    var bytes: Int
    var sha256: String
    var contentType: String?
}

/// Issue #19 item 2 (uploads with progress) and point 9 (an upload is retried only when it may be
/// repeated): `APIClient.upload(_:as:progress:)`.
@Suite("Transfers: uploads")
struct TransferUploadTests {
    /// `count` bytes of a pattern.
    private func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
    }

    private func upload(
        _ body: Data, method: HTTPMethod = .post, query: QueryParameters = QueryParameters(), idempotent: Bool = false
    ) -> TestEndpoint {
        TestEndpoint(
            ["upload-hash"], method: method, query: query, body: .data(body, contentType: "application/octet-stream"),
            options: EndpointOptions(timeout: 60, isIdempotent: idempotent))
    }

    @Test(.timeLimit(.minutes(2)))
    func aBodyInMemoryIsUploadedWithProgressThatEndsAtItsSize() async throws {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let body = bytes(3_000_000)
        let progress = Locked<[TransferProgress]>([])
        let response = try await client.upload(upload(body), as: UploadReceipt.self) { value in
            progress.withLock { $0.append(value) }
        }
        #expect(
            response.value
                == UploadReceipt(bytes: body.count, sha256: SHA256.hex(body), contentType: "application/octet-stream"))
        let values = progress.value
        #expect(values.count > 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(values.allSatisfy { $0.totalBytes == Int64(body.count) })
        #expect(values.last?.completedBytes == Int64(body.count))
    }

    @Test(.timeLimit(.minutes(2)))
    func aFailedUploadThatMayNotBeRepeatedIsSentOnce() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)  // retries 3 times what may be repeated
        var query = QueryParameters()
        query.append("status", 503)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.upload(upload(bytes(100_000), query: query)) { _ in }
        }
        #expect(error?.status == 503)
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func anIdempotentUploadIsRetriedWithTheWholeBodyAndAnIdempotencyKey() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        var query = QueryParameters()
        query.append("status", 503)
        let progress = Locked<[Int64]>([])
        await #expect(throws: SpecwrightError.self) {
            try await client.upload(upload(bytes(300_000), query: query, idempotent: true)) { value in
                progress.withLock { $0.append(value.completedBytes) }
            }
        }
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 4)
        #expect(Set(requests.compactMap { $0.headers["idempotency-key"] }).count == 1)
        // Each attempt sends the whole body again.
        #expect(requests.allSatisfy { $0.headers["content-length"] == "300000" })
        #expect(progress.value.last == 300_000)
    }

    /// A transport that does not report progress: the client reports the whole body at the end.
    @Test func aStubTransportsUploadReportsTheWholeBodyOnce() async throws {
        let stub = StubTransport { request in
            HTTPResponse(status: 200, body: Data(#"{"bytes":\#(request.body?.count ?? -1),"sha256":""}"#.utf8))
        }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
        let progress = Locked<[TransferProgress]>([])
        let response = try await client.upload(upload(bytes(1234)), as: UploadReceipt.self) { value in
            progress.withLock { $0.append(value) }
        }
        #expect(response.value.bytes == 1234)
        #expect(progress.value == [TransferProgress(completedBytes: 1234, totalBytes: 1234)])
    }
}
