import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("Outbox")
struct OutboxTests {
    private func request(_ n: Int) -> OutboxRequest {
        OutboxRequest(
            method: "POST", url: URL(fileURLWithPath: "/w/\(n)"), headers: [["Content-Type", "application/json"]],
            body: Data("{\"n\":\(n)}".utf8))
    }

    private func makeOutbox() throws -> (Outbox, URL) {
        let file = makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite")
        return (try Outbox(fileURL: file), file)
    }

    @Test func enqueuedWritesSurviveReopeningInOrderWithTheirIdempotencyKeys() throws {
        let (outbox, file) = try makeOutbox()
        for n in 0..<3 { try outbox.enqueue(request(n), operationName: "w.\(n)", idempotencyKey: "key-\(n)") }
        let reopened = try Outbox(fileURL: file)
        let pending = try reopened.pending()
        #expect(pending.map(\.idempotencyKey) == ["key-0", "key-1", "key-2"])
        #expect(pending.map(\.operationName) == ["w.0", "w.1", "w.2"])
        #expect(pending[1].request.headers.contains(["Idempotency-Key", "key-1"]))
        #expect(pending[1].request.body == Data("{\"n\":1}".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test(.timeLimit(.minutes(1)))
    func flushSendsInOrderDeadLettersPermanentFailuresAndStopsAtATransientOne() async throws {
        let (outbox, _) = try makeOutbox()
        for n in 0..<5 { try outbox.enqueue(request(n), operationName: "w", idempotencyKey: "k\(n)") }
        let sent = Locked([String]())
        let result = try await outbox.flush { entry in
            sent.withLock { $0.append(entry.idempotencyKey) }
            switch entry.idempotencyKey {
            case "k1": return .forStatus(422)
            case "k3": return .forStatus(503)
            default: return .delivered
            }
        }
        #expect(sent.value == ["k0", "k1", "k2", "k3"])
        #expect(result == OutboxFlushResult(delivered: 2, deadLettered: 1, remaining: 2, stoppedBecause: "HTTP 503"))
        let failed = try outbox.failed()
        #expect(failed.map(\.idempotencyKey) == ["k1"])
        #expect(failed.first?.failedStatus == 422 && failed.first?.lastError == "HTTP 422")
        let pending = try outbox.pending()
        #expect(pending.map(\.idempotencyKey) == ["k3", "k4"])
        #expect(pending.first?.attempts == 1)

        try outbox.retry(failed[0])
        let second = try await outbox.flush { _ in .delivered }
        #expect(second.delivered == 3 && second.remaining == 0)
        #expect(try outbox.snapshot() == OutboxSnapshot(pending: [], failed: []))
    }

    @Test func statusesAreClassifiedPermanentOnlyForClientErrorsOtherThan401_408_429() {
        #expect(OutboxDelivery.forStatus(201) == .delivered)
        #expect(OutboxDelivery.forStatus(400) == .rejected(status: 400, reason: "HTTP 400"))
        #expect(OutboxDelivery.forStatus(409) == .rejected(status: 409, reason: "HTTP 409"))
        for status in [401, 408, 429, 500, 503] {
            #expect(OutboxDelivery.forStatus(status) == .deferred(reason: "HTTP \(status)"))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func changesYieldTheCurrentSnapshotAndEveryChange() async throws {
        let (outbox, _) = try makeOutbox()
        var iterator = outbox.changes.makeAsyncIterator()
        #expect(await iterator.next()?.pending.isEmpty == true)
        let entry = try outbox.enqueue(request(1), operationName: "w")
        #expect(await iterator.next()?.pending == [entry])
        _ = try await outbox.flush { _ in .rejected(status: 400, reason: "bad") }
        var last: OutboxSnapshot?
        while last?.failed.count != 1 { last = await iterator.next() }
        #expect(last?.pending.isEmpty == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrentFlushesShareOneAndSendEachEntryOnce() async throws {
        let (outbox, _) = try makeOutbox()
        for n in 0..<20 { try outbox.enqueue(request(n), operationName: "w") }
        let sends = Locked(0)
        try await withThrowingTaskGroup(of: OutboxFlushResult.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    try await outbox.flush { _ in
                        sends.withLock { $0 += 1 }
                        try? await Task.sleep(nanoseconds: 1_000_000)
                        return .delivered
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(sends.value == 20)
        #expect(try outbox.pending().isEmpty)
    }

    @Test func aFileThatIsNotAnOutboxIsAnErrorNotADeletion() throws {
        let file = makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: file)
        #expect(throws: OutboxError.self) { try Outbox(fileURL: file) }
        #expect(try Data(contentsOf: file).count == 4096)
    }
}
