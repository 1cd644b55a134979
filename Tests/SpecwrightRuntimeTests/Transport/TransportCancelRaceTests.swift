import Foundation
import SpecwrightTestSupport
import Testing

/// Exchanges the client ends at racy moments — a deadline about as long as the exchange, a caller
/// cancelled as the response arrives, a body over the limit, a streamed body dropped after its
/// head, downloads cancelled or timed out — must not crash the process. FoundationNetworking
/// crashes it ("Trying to access a behaviour for a task that in not in the registry",
/// swift-corelibs-foundation#3292) when a `cancel()` meets a task the session already completed
/// (`TaskCanceller`). The exchanges run in `transport-probe-child stress`, so a crash fails this
/// test instead of killing the test runner. The child talks to a server of its own: on the shared
/// one, another suite's hostile routes (endless bodies at loopback speed) can starve the Python
/// server's threads, and 420 exchanges then overran the child's 240 s cap in a fresh-clone CI run.
///
/// No exchange may reach its default 30 s deadline (`stalled`): a completion that waited for a
/// racing cancel blocked the delegate queue while the work queue waited for a place on it
/// (`BoundedDelegateQueue`), and every event then waited its 2 s in turn — runs of 420 exchanges
/// took minutes instead of about 2 s at load 20.
@Suite("Transport: cancels racing completions")
struct TransportCancelRaceTests {
    @Test(.timeLimit(.minutes(5)))
    func exchangesEndedAtRacyMomentsDoNotCrashTheProcess() async throws {
        let server = try FixtureServer(lifetime: 300)
        defer { server.stop() }
        let url = server.scenarioURL(FixtureServer.newScenario()).absoluteString
        for _ in 0..<3 {
            let output = try await ChildProcess.output(ChildProcess.probeChild.path, ["stress", url, "20"])
            let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: String])
            #expect(result["exchanges"] == "420")
            #expect(result["stalled"] == "0")
        }
    }
}
