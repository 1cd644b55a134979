import Foundation
import SpecwrightTestSupport
import Testing

/// Issue #19 item 6 under stress: file and multipart uploads cancelled mid-body, over and over,
/// never crash the process, and each ends at once as a cancellation, after one attempt, without
/// touching the retry budget. Before the transport sent these bodies as streams, FoundationNetworking
/// trapped on about 1 in 15 such cancels (`try!` on curl error 43 in EasyHandle.swift, when its
/// background read of the file resumed a send the cancel had removed). The uploads run in
/// `transport-probe-child upload-cancel-stress`, so a crash fails this test instead of killing the
/// test runner; each is cancelled from its own first progress report (no timing), against a
/// server of the test's own.
@Suite("Transfers: uploads cancelled mid-body, many times")
struct TransferUploadCancelStressTests {
    @Test(.timeLimit(.minutes(5)))
    func fileAndMultipartUploadsCancelledMidBodyNeverCrashAndAreNeverRetried() async throws {
        let server = try FixtureServer(lifetime: 300)
        defer { server.stop() }
        let url = server.scenarioURL(FixtureServer.newScenario()).absoluteString
        let output = try await ChildProcess.output(ChildProcess.probeChild.path, ["upload-cancel-stress", url, "50"])
        let result = try #require(
            try JSONSerialization.jsonObject(with: output) as? [String: Any],
            "\(String(decoding: output, as: UTF8.self))")
        #expect(result["uploads"] as? Int == 200)
        #expect(result["cancelled"] as? Int == 200, "\(result)")
        #expect(result["singleAttempt"] as? Int == 200, "\(result)")
        #expect(result["budgetUntouched"] as? String == "true")
    }
}
