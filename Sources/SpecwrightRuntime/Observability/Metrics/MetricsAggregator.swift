import Foundation

/// A built-in `MetricsObserver` an app can read, per operation and in total: requests, errors by
/// category, retries by reason, cache outcomes and hit rate, latency percentiles (p50/p90/p99 from
/// a fixed-memory histogram) and bytes in/out. `snapshot()` reads it; `startReporting(every:…)`
/// hands a snapshot to a closure periodically.
///
/// Memory is fixed per operation name (one `LatencyHistogram`, about 5 KB, plus the counters),
/// whatever the number of calls. Recording takes one lock.
public final class MetricsAggregator: MetricsObserver {
    /// A point-in-time view of the aggregate.
    public struct Snapshot: Sendable, Hashable {
        /// Metrics per operation name (`"books.list"`).
        public var operations: [String: OperationMetrics]
        /// Every operation together.
        public var total: OperationMetrics

        /// Creates a snapshot.
        public init(operations: [String: OperationMetrics]) {
            self.operations = operations
            var total = OperationMetrics()
            for metrics in operations.values { total.merge(metrics) }
            self.total = total
        }

        /// Calls recorded.
        public var calls: Int { total.requests }
        /// Calls that ended in an error.
        public var failures: Int { total.errors }
        /// `failures / calls` (0 when empty).
        public var errorRate: Double { total.errorRate }
        /// Retries by reason, over all operations.
        public var retryReasons: [String: Int] { total.retriesByReason }
        /// Number of calls by attempts used, over all operations (`[1: 95, 2: 4, 3: 1]`).
        public var attemptsDistribution: [Int: Int] { total.attemptsDistribution }
    }

    private let state = Locked([String: OperationMetrics]())

    /// Creates an empty aggregator.
    public init() {}

    /// Adds one call.
    public func record(_ event: CallEvent) {
        state.withLock { operations in
            operations[event.operationName, default: OperationMetrics()].record(event)
        }
    }

    /// The current aggregate.
    public func snapshot() -> Snapshot {
        Snapshot(operations: state.value)
    }

    /// The current aggregate, and starts counting afresh (for reports per interval).
    public func snapshotAndReset() -> Snapshot {
        Snapshot(
            operations: state.withLock { operations in
                defer { operations = [:] }
                return operations
            })
    }
}
