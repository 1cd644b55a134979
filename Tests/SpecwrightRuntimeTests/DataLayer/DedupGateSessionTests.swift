import Foundation
import Testing
@testable import SpecwrightRuntime

/// Counts operations and lets a test release them.
private actor Latch {
    private(set) var started = 0
    private(set) var cancelled = 0
    private var released = false

    func begin() { started += 1 }
    func noteCancelled() { cancelled += 1 }
    func release() { released = true }
    var isReleased: Bool { released }
}

/// Waits (polling, bounded by the test's time limit) until `condition` holds.
func eventually(_ condition: @Sendable () async -> Bool) async throws {
    while !(await condition()) {
        try await Task.sleep(nanoseconds: 2_000_000)
    }
}

private struct GateDown: Error {}
private struct ConfigUnavailable: Error { var underlying: String }

@Suite("In-flight de-duplication, config gate, session expiry")
struct DedupGateSessionTests {
    @Test(.timeLimit(.minutes(1)))
    func concurrentCallersWithTheSameKeyShareOneOperation() async throws {
        let dedup = InFlightDeduplicator<Int>()
        let latch = Latch()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await dedup.run("GET /r") {
                        await latch.begin()
                        try await eventually { await latch.isReleased }
                        return 42
                    }
                }
            }
            try await eventually { await latch.started == 1 }
            try await Task.sleep(nanoseconds: 20_000_000)
            await latch.release()
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(values.count == 100 && values.allSatisfy { $0 == 42 })
        #expect(await latch.started == 1)
        #expect(dedup.startedOperations == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingOneCallerLeavesTheOthersWaitingAndTheLastCancelsTheCall() async throws {
        let dedup = InFlightDeduplicator<Int>()
        let latch = Latch()
        let operation: @Sendable () async throws -> Int = {
            await latch.begin()
            do {
                try await eventually { await latch.isReleased }
            } catch {
                await latch.noteCancelled()
                throw error
            }
            return 7
        }
        let first = Task { try await dedup.run("k", operation: operation) }
        let second = Task { try await dedup.run("k", operation: operation) }
        try await eventually { await latch.started == 1 }
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await latch.cancelled == 0)
        let third = Task { try await dedup.run("k", operation: operation) }
        try await Task.sleep(nanoseconds: 10_000_000)
        second.cancel()
        third.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        await #expect(throws: CancellationError.self) { try await third.value }
        try await eventually { await latch.cancelled == 1 }
        #expect(dedup.startedOperations == 1)
        let fresh = Task { try await dedup.run("k") { 9 } }
        #expect(try await fresh.value == 9)
    }

    @Test func requestSignaturesIgnoreHeaderNameCaseButNotValuesOrAccounts() {
        let a = RequestSignature(method: "get", url: "http://h/x", headers: ["Accept": "a"], account: "u1")
        #expect(a == RequestSignature(method: "GET", url: "http://h/x", headers: ["accept": "a"], account: "u1"))
        #expect(a != RequestSignature(method: "GET", url: "http://h/x", headers: ["accept": "b"], account: "u1"))
        #expect(a != RequestSignature(method: "GET", url: "http://h/x", headers: ["accept": "a"], account: "u2"))
        #expect(RequestSignature.isShareable(method: "head") && !RequestSignature.isShareable(method: "POST"))
    }

    @Test(.timeLimit(.minutes(1)))
    func fiftyConcurrentFirstRequestsMakeOneGateCall() async throws {
        let gate = ConfigGate()
        let latch = Latch()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await gate.ensureOpen(
                        open: {
                            await latch.begin()
                            try await Task.sleep(nanoseconds: 20_000_000)
                        }, unavailable: { $0 })
                }
            }
            try await group.waitForAll()
        }
        #expect(await latch.started == 1)
        #expect(gate.isOpen)
        try await gate.ensureOpen(open: { await latch.begin() }, unavailable: { $0 })
        #expect(await latch.started == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailingGateFailsEveryWaiterAsConfigUnavailableAndTheNextRequestRetries() async throws {
        let gate = ConfigGate()
        let latch = Latch()
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        try await gate.ensureOpen(
                            open: {
                                await latch.begin()
                                try await Task.sleep(nanoseconds: 20_000_000)
                                throw GateDown()
                            }, unavailable: { ConfigUnavailable(underlying: "\($0)") })
                        return false
                    } catch {
                        return error is ConfigUnavailable
                    }
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(failures == 20)
        #expect(await latch.started == 1)
        #expect(!gate.isOpen)
        try await gate.ensureOpen(open: { await latch.begin() }, unavailable: { $0 })
        #expect(await latch.started == 2)
        #expect(gate.isOpen)
    }

    @Test func theGateClosesOnResetAndAfterItsMaxAge() async throws {
        let clock = Locked(Date(timeIntervalSince1970: 0))
        let gate = ConfigGate(maxAge: 60, now: { clock.withLock { $0 } })
        try await gate.ensureOpen(open: {}, unavailable: { $0 })
        #expect(gate.isOpen)
        clock.withLock { $0 += 61 }
        #expect(!gate.isOpen)
        try await gate.ensureOpen(open: {}, unavailable: { $0 })
        #expect(gate.isOpen && gate.gateCalls == 2)
        gate.reset()
        #expect(!gate.isOpen)
    }

    @Test(.timeLimit(.minutes(1)))
    func twentyConcurrentExpiryReportsPublishOneEventUntilLogIn() async throws {
        let session = SessionExpiry()
        let handled = Locked(0)
        session.onExpired { _ in handled.withLock { $0 += 1 } }
        let stream = session.events
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    session.report(
                        SessionExpiredEvent(reason: .businessCode(40101, message: nil), operationName: "op\(index)"))
                }
            }
        }
        #expect(session.publishedCount == 1)
        #expect(handled.withLock { $0 } == 1)
        session.didLogIn()
        session.report(SessionExpiredEvent(reason: .refreshFailed))
        var received: [SessionExpiredEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received.count == 2)
        #expect(received.last?.reason == .refreshFailed)
        #expect(session.isExpired)
    }
}
