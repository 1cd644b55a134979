import Foundation

/// Where a response came from, as far as a cache is concerned (filled in by the data layer).
public enum CacheStatus: String, Sendable, Hashable {
    /// No cache was consulted.
    case notConsulted
    /// Served from cache without a request.
    case hit
    /// Looked up, not found or not fresh; fetched from the network.
    case miss
    /// Revalidated with the server (304) and served from cache.
    case revalidated
    /// Served stale from cache (stale-while-revalidate, or the offline / error fallback — then
    /// `ResponseMetadata.isNetworkFallback` is true).
    case stale
}

/// Facts about one logical call, carried on the final response.
public struct ResponseMetadata: Sendable, Hashable {
    /// Attempts that reached the transport (0 for a cache hit).
    public var attempts: Int
    /// Why each retry happened, in order. A replay with a refreshed token after a 401 is not a
    /// retry (it uses neither the retry policy nor the budget): it is counted in `tokenReplays`.
    public var retries: [RetryRecord]
    /// Replays with a refreshed token after a 401 (0 or 1 per call).
    public var tokenReplays = 0
    /// The cache status.
    public var cacheStatus: CacheStatus
    /// The age in seconds of a response served from the cache (RFC 9111 §4.2.3); nil otherwise.
    public var cacheAge: TimeInterval?
    /// Bytes of request bodies sent over all attempts.
    public var bytesSent: Int
    /// Bytes of response bodies received over all attempts.
    public var bytesReceived: Int
    /// Whether the network failed and a stored copy answered instead (offline, timeout, or a 5xx
    /// under `stale-if-error`); `cacheStatus` is then `.stale`.
    public var isNetworkFallback = false
    /// What the transport measured for each attempt that reached it, in order, where the platform
    /// reports it (`URLSessionTaskMetrics`; see `TransportTimings`). Empty for a stub transport.
    public var transportTimings: [TransportTimings] = []

    /// Creates metadata.
    public init(
        attempts: Int = 0, retries: [RetryRecord] = [], cacheStatus: CacheStatus = .notConsulted, bytesSent: Int = 0,
        bytesReceived: Int = 0
    ) {
        self.attempts = attempts
        self.retries = retries
        self.cacheStatus = cacheStatus
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
    }
}

/// One retry: why, and how long the pipeline waited before it.
public struct RetryRecord: Sendable, Hashable {
    /// The reason, e.g. `"HTTP 503"`, `"timed out"`, `"interceptor"`.
    public var reason: String
    /// The delay before the retry, in seconds.
    public var delay: TimeInterval

    /// Creates a record.
    public init(reason: String, delay: TimeInterval) {
        self.reason = reason
        self.delay = delay
    }
}
