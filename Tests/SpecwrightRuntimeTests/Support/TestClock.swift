import Foundation
import SpecwrightRuntime

/// A clock that never sleeps: it records each requested delay and advances its own time.
final class RecordingClock: RuntimeClock {
    private let box = LockedBox<(now: TimeInterval, sleeps: [TimeInterval])>((1_000, []))
    let date: Date

    init(date: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.date = date
    }

    var sleeps: [TimeInterval] { box.withLock { $0.sleeps } }

    func now() -> TimeInterval { box.withLock { $0.now } }

    func currentDate() -> Date { date.addingTimeInterval(box.withLock { $0.now } - 1_000) }

    func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        box.withLock {
            $0.sleeps.append(seconds)
            $0.now += seconds
        }
    }
}

/// A clock whose sleep never ends by itself: it announces that backoff began and then waits
/// until the task is cancelled (for "cancellation stops during backoff" tests).
final class BlockingClock: RuntimeClock {
    let sleepStarted: AsyncStream<TimeInterval>
    private let continuation: AsyncStream<TimeInterval>.Continuation

    init() {
        (sleepStarted, continuation) = AsyncStream.makeStream(of: TimeInterval.self)
    }

    func now() -> TimeInterval { 0 }

    func sleep(for seconds: TimeInterval) async throws {
        continuation.yield(seconds)
        try await Task.sleep(nanoseconds: 120 * 1_000_000_000)
    }
}

/// Collects log entries.
final class LogRecorder: LogSink {
    private let box = LockedBox<[LogEntry]>([])

    var entries: [LogEntry] { box.withLock { $0 } }
    var text: String { entries.map(\.message).joined(separator: "\n") }

    func log(_ entry: LogEntry) {
        box.withLock { $0.append(entry) }
    }
}
