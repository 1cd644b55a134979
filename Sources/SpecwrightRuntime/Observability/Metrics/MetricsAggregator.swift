import Foundation

/// A built-in `MetricsObserver` an app can read: call counts, error rate, how many calls needed
/// how many attempts, and latency percentiles (over the most recent `sampleLimit` calls).
public final class MetricsAggregator: MetricsObserver {
    /// A point-in-time view of the aggregate.
    public struct Snapshot: Sendable, Hashable {
        /// Calls recorded.
        public var calls: Int
        /// Calls that ended in an error.
        public var failures: Int
        /// Calls per operation name.
        public var callsByOperation: [String: Int]
        /// Number of calls by attempts used (`[1: 95, 2: 4, 3: 1]`).
        public var attemptsDistribution: [Int: Int]
        /// Retries by reason (`["HTTP 503": 7]`).
        public var retryReasons: [String: Int]
        /// Median call duration in seconds (0 when empty).
        public var p50: TimeInterval
        /// 95th percentile call duration in seconds (0 when empty).
        public var p95: TimeInterval

        /// `failures / calls` (0 when empty).
        public var errorRate: Double { calls == 0 ? 0 : Double(failures) / Double(calls) }
    }

    private struct State: Sendable {
        var calls = 0
        var failures = 0
        var callsByOperation: [String: Int] = [:]
        var attempts: [Int: Int] = [:]
        var retryReasons: [String: Int] = [:]
        var durations: [TimeInterval] = []
        var nextSlot = 0
    }

    /// How many recent durations the percentiles are computed from.
    public let sampleLimit: Int
    private let state = Locked(State())

    /// Creates an empty aggregator; 10,000 samples keep p95 stable at about 80 KB of memory.
    public init(sampleLimit: Int = 10_000) {
        self.sampleLimit = max(1, sampleLimit)
    }

    /// Adds one call.
    public func record(_ event: CallEvent) {
        let limit = sampleLimit
        state.withLock { state in
            state.calls += 1
            if event.error != nil { state.failures += 1 }
            state.callsByOperation[event.operationName, default: 0] += 1
            state.attempts[event.metadata.attempts, default: 0] += 1
            for retry in event.metadata.retries { state.retryReasons[retry.reason, default: 0] += 1 }
            if state.durations.count < limit {
                state.durations.append(event.duration)
            } else {
                state.durations[state.nextSlot] = event.duration
                state.nextSlot = (state.nextSlot + 1) % limit
            }
        }
    }

    /// The current aggregate.
    public func snapshot() -> Snapshot {
        let state = state.value
        let sorted = state.durations.sorted()
        return Snapshot(
            calls: state.calls, failures: state.failures, callsByOperation: state.callsByOperation,
            attemptsDistribution: state.attempts, retryReasons: state.retryReasons,
            p50: Self.percentile(0.50, of: sorted), p95: Self.percentile(0.95, of: sorted))
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ fraction: Double, of sorted: [TimeInterval]) -> TimeInterval {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
