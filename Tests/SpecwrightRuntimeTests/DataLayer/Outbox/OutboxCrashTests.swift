import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
@testable import SpecwrightRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the `outbox-crash-child` executable. The child exits by itself when its stdin closes.
///
/// `@unchecked Sendable`: `process` and `input` are only used from the test that owns the child.
private final class CrashChild: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    let output = Pipe()

    static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("outbox-crash-child") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[candidates.count - 1]
    }

    init(arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits (polling; bounded by the test's time limit) until the child has exited.
    func waitForExit() async throws -> Int32 {
        while process.isRunning { try await Task.sleep(nanoseconds: 10_000_000) }
        try? input.fileHandleForWriting.close()
        return process.terminationStatus
    }
}

@Suite("Outbox crash recovery")
struct OutboxCrashTests {
    @Test(.timeLimit(.minutes(2)))
    func writesSurviveASIGKILLMidFlushAndEachReachesTheServerExactlyOnce() async throws {
        // An own server: the children's 200+ writes do not load the one the other tests share.
        let server = try FixtureServer(lifetime: 120)
        defer { server.stop() }
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("outbox-crash").appendingPathComponent("outbox.sqlite")
        let base = server.scenarioURL(sid).absoluteString
        let count = 200

        // The server answers the first 20 writes and holds the 21st until released, so the child is
        // mid-flush when the test kills it, however loaded the machine is.
        let first = try CrashChild(arguments: [file.path, base, String(count), "enqueue-and-flush"])
        try await eventually {
            ((try? await server.dataStats(sid).outboxKeys.count) ?? 0) >= 20 || !first.process.isRunning
        }
        first.kill()
        let firstStatus = try await first.waitForExit()
        #expect(first.process.terminationReason == .uncaughtSignal && firstStatus == SIGKILL)
        _ = try await URLSession.shared.data(from: server.scenarioURL(sid).appendingPathComponent("outbox_release"))

        let left = try Outbox(fileURL: file).pending()
        #expect(left.count > 0 && left.count < count)

        let second = try CrashChild(arguments: [file.path, base, String(count), "flush"])
        #expect(try await second.waitForExit() == 0)

        let stats = try await server.dataStats(sid)
        #expect(stats.outboxKeys == (0..<count).map { "write-\($0)" })
        #expect(stats.outboxDuplicates <= 1)
        #expect(try Outbox(fileURL: file).snapshot() == OutboxSnapshot(pending: [], failed: []))
    }
}
