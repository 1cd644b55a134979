import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19 item 3, second part: an attempt cut mid-body is continued by the retry (`Range`,
/// `If-Range`), a file that changed on the server is downloaded again from 0, and no partial file
/// outlives the call.
@Suite("Transfers: resumed downloads")
struct TransferResumeTests {
    @Test(.timeLimit(.minutes(2)))
    func aDownloadCutMidBodyContinuesWhereItStopped() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("resume")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        let client = TestSupport.fixtureClient(server, sid: sid)  // retries GETs (3, no real sleeping)
        let progress = Locked<[TransferProgress]>([])
        let cut = 2_000_000 + Int.random(in: 1..<200_000)
        let response = try await client.download(
            TransferFiles.blob(5_000_000, cut: cut, once: true), to: destination
        ) { value in
            progress.withLock { $0.append(value) }
        }
        #expect(response.attempts == 2)
        #expect(try TransferFiles.holdsBlob(destination, size: 5_000_000))
        #expect(try TransferFiles.files(in: directory) == ["blob.bin"])
        let requests = try await server.stats(sid).requests
        #expect(requests.count == 2)
        #expect(requests.first?.headers["range"] == nil)
        // The retry asks for the rest, from a little before the bytes the first attempt received.
        let range = try #require(requests.last?.headers["range"])
        let start = try #require(Int(range.dropFirst("bytes=".count).dropLast()))
        #expect(range.hasPrefix("bytes=") && range.hasSuffix("-"))
        #expect(start > 1_000_000 && start <= cut, "\(range)")
        // The runtime saw the interrupted response's validator (a data task shows the head at once,
        // on Linux too), so the retry asks for the rest only if the file is still that one.
        #expect(requests.last?.headers["if-range"] == "\"blob-5000000\"")
        let values = progress.value
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(values.last == TransferProgress(completedBytes: 5_000_000, totalBytes: 5_000_000))
    }

    @Test(.timeLimit(.minutes(2)))
    func aFileThatChangedOnTheServerIsDownloadedAgainFromZero() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = makeTemporaryDirectory("resume-changed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        let client = TestSupport.fixtureClient(server, sid: sid)
        try await client.download(
            TransferFiles.blob(3_000_000, cut: 1_000_000, once: true, changes: true), to: destination)
        // Version 2 whole: never the first version's bytes followed by the second's.
        #expect(try TransferFiles.holdsBlob(destination, size: 3_000_000, shift: 7))
        #expect(try TransferFiles.files(in: directory) == ["blob.bin"])
        let requests = try await server.stats(sid).requests
        #expect(requests.count >= 2)
        #expect(requests.last.map { $0.headers["range"] == nil || $0.headers["if-range"] != nil } == true)
    }

    @Test(.timeLimit(.minutes(2)))
    func theBytesOfACutAttemptDoNotOutliveACallThatGivesUp() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("resume-give-up")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        await #expect(throws: SpecwrightError.self) {
            try await client.download(
                TransferFiles.blob(3_000_000, cut: 1_500_000), to: directory.appendingPathComponent("blob.bin"))
        }
        #expect(try TransferFiles.files(in: directory) == [])
    }
}

/// FoundationNetworking leaves a cancelled download task's body in `NSTemporaryDirectory()`; the
/// runtime removes it. In a child process with a temporary directory of its own, so that no other
/// test's downloads are counted.
@Suite("Transfers: the platform's download files")
struct TransferPlatformFileTests {
    @Test(.timeLimit(.minutes(3)))
    func cancellingADownloadLeavesNoFileInTheTemporaryDirectory() async throws {
        let server = try FixtureServer.shared()
        let directory = makeTemporaryDirectory("download-tmpdir")
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let url =
            server.scenarioURL(FixtureServer.newScenario()).appendingPathComponent("blob").absoluteString
            + "?bytes=50000000&stall=3000000"
        let output = try await ChildProcess.output(
            ChildProcess.probeChild.path, ["download-cancel", url, directory.appendingPathComponent("blob.bin").path],
            environment: ["TMPDIR": temporary.path])
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect(result["error"] as? String == "cancelled", "\(result)")
        #expect(result["leftover"] as? String == "0", "\(result)")
        #expect(try TransferFiles.files(in: directory) == ["tmp"])
    }
}
