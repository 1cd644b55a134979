import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19 item 3: `APIClient.download(_:to:progress:)` writes a 2xx body to a file with bounded
/// memory and monotonic progress, through a temporary file moved into place only on success.
@Suite("Transfers: downloads to a file")
struct TransferDownloadTests {
    private func blob(_ bytes: Int, cut: Int? = nil, stall: Int? = nil) -> TestEndpoint {
        TransferFiles.blob(bytes, cut: cut, stall: stall)
    }

    private func files(in directory: URL) throws -> [String] {
        try TransferFiles.files(in: directory)
    }

    private func holdsBlob(_ file: URL, size: Int) throws -> Bool {
        try TransferFiles.holdsBlob(file, size: size)
    }

    /// 200 MB in a child process of its own (`transport-probe-child download`), so its peak
    /// resident size is the download's alone — the test process runs other tests in parallel.
    @Test(.timeLimit(.minutes(4)))
    func twoHundredMegabytesGoToDiskWithBoundedMemoryAndMonotonicProgress() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        let size = 200_000_000
        let url =
            server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("blob").absoluteString
            + "?bytes=\(size)"
        let output = try await ChildProcess.output(ChildProcess.probeChild.path, ["download", url, destination.path])
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect(result["status"] as? String == "200", "\(result)")
        #expect(result["progressMonotonic"] as? String == "true")
        #expect(result["lastProgress"] as? String == String(size))
        #expect(result["total"] as? String == String(size))
        #if os(Linux)
            let growth = try #require(Int(result["peakGrowth"] as? String ?? ""))
            #expect(growth < 30 * 1024 * 1024, "peak resident size grew by \(growth) bytes")
        #endif
        #expect(try holdsBlob(destination, size: size))
        #expect(try files(in: directory) == ["blob.bin"])
    }

    /// A consumer that falls behind (here a progress callback that blocks the delegate queue for
    /// 3 s; in practice a loaded machine): the transport holds the transfer back instead of letting
    /// the platform queue what arrives meanwhile (FoundationNetworking cannot pause a transfer
    /// itself). In a child process of its own, like the 200 MB test.
    @Test(.timeLimit(.minutes(4)))
    func aStarvedConsumerHoldsTheDownloadBackInsteadOfBufferingIt() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download-starved")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        let size = 100_000_000
        let url =
            server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("blob").absoluteString
            + "?bytes=\(size)"
        let output = try await ChildProcess.output(
            ChildProcess.probeChild.path, ["download-starved", url, destination.path])
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect(result["status"] as? String == "200", "\(result)")
        #expect(result["lastProgress"] as? String == String(size))
        #if os(Linux)
            let growth = try #require(Int(result["peakGrowth"] as? String ?? ""))
            #expect(growth < 16 * 1024 * 1024, "peak resident size grew by \(growth) bytes")
        #endif
        #expect(try holdsBlob(destination, size: size))
        #expect(try files(in: directory) == ["blob.bin"])
    }

    @Test(.timeLimit(.minutes(2)))
    func cancellingMidDownloadLeavesNoFileKeepsTheOldOneAndIsNotRetried() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("download-cancel")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        try Data("old".utf8).write(to: destination)
        let client = TestSupport.fixtureClient(server, sid: sid)  // retries GETs (3, no real sleeping)
        let received = Locked<Int64>(0)
        let download = Task {
            // The server pauses after 2 MB, so the cancel always lands mid-body.
            try await client.download(blob(200_000_000, stall: 2_000_000), to: destination) { progress in
                received.withLock { $0 = progress.completedBytes }
            }
        }
        while received.value < 1 << 20 { try await Task.sleep(nanoseconds: 5_000_000) }
        download.cancel()
        let result = await download.result
        #expect(throws: SpecwrightError.self) { try result.get() }
        if case .failure(let error as SpecwrightError) = result {
            guard case .cancelled = error.kind else {
                Issue.record("expected cancelled, got \(error)")
                return
            }
        }
        #expect(try files(in: directory) == ["blob.bin"])
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try await server.stats(sid).hits == 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func aConnectionCutMidBodyFailsAndLeavesNoPartialFile() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download-cut")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        await #expect(throws: SpecwrightError.self) {
            try await client.download(blob(5_000_000, cut: 2_000_000), to: directory.appendingPathComponent("blob.bin"))
        }
        #expect(try files(in: directory) == [])
    }

    @Test(.timeLimit(.minutes(2)))
    func anErrorResponseIsAnErrorAndWritesNoFile() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download-404")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.download(TestEndpoint(["status", "404"]), to: directory.appendingPathComponent("blob.bin"))
        }
        #expect(error?.status == 404)
        #expect(try files(in: directory) == [])
    }

    @Test(.timeLimit(.minutes(2)))
    func aSmallDownloadReplacesAnExistingFileAndReportsTheTotal() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download-small")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        try Data("old".utf8).write(to: destination)
        let last = Locked<TransferProgress?>(nil)
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario())
        let response = try await client.download(blob(300_000), to: destination) { progress in
            last.withLock { $0 = progress }
        }
        #expect(response.value == destination)
        #expect(try holdsBlob(destination, size: 300_000))
        #expect(last.value == TransferProgress(completedBytes: 300_000, totalBytes: 300_000))
        #expect(try files(in: directory) == ["blob.bin"])
    }

    /// A transport that returns bodies in memory (apps' tests): the client writes the file.
    @Test func aStubTransportsBodyIsWrittenToTheFileByTheClient() async throws {
        let directory = makeTemporaryDirectory("download-stub")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("report.pdf")
        let stub = StubTransport { request in
            HTTPResponse(status: 200, body: request.destination == .memory ? Data() : Data("%PDF-1.7".utf8))
        }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
        let last = Locked<TransferProgress?>(nil)
        try await client.download(TestEndpoint(["report"]), to: destination) { progress in
            last.withLock { $0 = progress }
        }
        #expect(try Data(contentsOf: destination) == Data("%PDF-1.7".utf8))
        #expect(last.value == TransferProgress(completedBytes: 8, totalBytes: 8))
    }
}
