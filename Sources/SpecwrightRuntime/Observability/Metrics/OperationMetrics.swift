import Foundation

/// The metrics of one operation (or of all operations together) over the recorded calls.
public struct OperationMetrics: Sendable, Hashable {
    /// Calls recorded (one per logical call, whatever its attempts).
    public var requests = 0
    /// Attempts that reached the transport (retries and 401 replays included).
    public var attempts = 0
    /// Calls that ended in an error, by `SpecwrightError.Category`.
    public var errorsByCategory: [SpecwrightError.Category: Int] = [:]
    /// Retries by reason (`["HTTP 503": 7, "timed out": 2]`); 401 replays are not retries and are
    /// counted in `tokenReplays`.
    public var retriesByReason: [String: Int] = [:]
    /// Replays with a refreshed token after a 401.
    public var tokenReplays = 0
    /// Calls by cache outcome; calls that consulted no cache are not counted here.
    public var cacheOutcomes: [CacheOutcome: Int] = [:]
    /// Calls by number of attempts (`[1: 95, 2: 4, 3: 1]`).
    public var attemptsDistribution: [Int: Int] = [:]
    /// Durations of the calls (including backoff and decoding).
    public var latency = LatencyHistogram()
    /// Request body bytes sent over all attempts.
    public var bytesSent = 0
    /// Response body bytes received over all attempts (cache hits receive nothing).
    public var bytesReceived = 0

    /// Creates empty metrics.
    public init() {}

    /// Calls that ended in an error.
    public var errors: Int { errorsByCategory.values.reduce(0, +) }
    /// `errors / requests` (0 when empty).
    public var errorRate: Double { requests == 0 ? 0 : Double(errors) / Double(requests) }
    /// Retries of every reason.
    public var retries: Int { retriesByReason.values.reduce(0, +) }
    /// The share of cache-consulting calls answered with a stored body (fresh hit, stale served,
    /// revalidated, offline copy) out of all that consulted the cache; 0 when none did.
    public var cacheHitRate: Double {
        let consulted = cacheOutcomes.values.reduce(0, +)
        guard consulted > 0 else { return 0 }
        let served = cacheOutcomes.filter { $0.key.isServedFromCache }.values.reduce(0, +)
        return Double(served) / Double(consulted)
    }
    /// Median call duration in seconds.
    public var p50: TimeInterval { latency.percentile(0.50) }
    /// 90th percentile call duration in seconds.
    public var p90: TimeInterval { latency.percentile(0.90) }
    /// 99th percentile call duration in seconds.
    public var p99: TimeInterval { latency.percentile(0.99) }

    /// Adds one call.
    mutating func record(_ event: CallEvent) {
        let metadata = event.metadata
        requests += 1
        attempts += metadata.attempts
        if let error = event.error { errorsByCategory[error.category, default: 0] += 1 }
        for retry in metadata.retries { retriesByReason[retry.reason, default: 0] += 1 }
        tokenReplays += metadata.tokenReplays
        if let outcome = metadata.cacheOutcome { cacheOutcomes[outcome, default: 0] += 1 }
        attemptsDistribution[metadata.attempts, default: 0] += 1
        latency.record(event.duration)
        bytesSent += metadata.bytesSent
        bytesReceived += metadata.bytesReceived
    }

    /// Adds everything `other` counted.
    mutating func merge(_ other: OperationMetrics) {
        requests += other.requests
        attempts += other.attempts
        errorsByCategory.merge(other.errorsByCategory, uniquingKeysWith: +)
        retriesByReason.merge(other.retriesByReason, uniquingKeysWith: +)
        tokenReplays += other.tokenReplays
        cacheOutcomes.merge(other.cacheOutcomes, uniquingKeysWith: +)
        attemptsDistribution.merge(other.attemptsDistribution, uniquingKeysWith: +)
        latency.merge(other.latency)
        bytesSent += other.bytesSent
        bytesReceived += other.bytesReceived
    }
}
