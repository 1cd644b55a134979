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
    /// Served stale from cache (e.g. offline fallback, stale-while-revalidate).
    case stale
}

/// Facts about one logical call, carried on the final response.
public struct ResponseMetadata: Sendable, Hashable {
    /// Attempts that reached the transport (0 for a cache hit).
    public var attempts: Int
    /// Why each retry happened, in order.
    public var retries: [RetryRecord]
    /// The cache status.
    public var cacheStatus: CacheStatus
    /// The age in seconds of a response served from the cache (RFC 9111 §4.2.3); nil otherwise.
    public var cacheAge: TimeInterval?
    /// Bytes of request bodies sent over all attempts.
    public var bytesSent: Int
    /// Bytes of response bodies received over all attempts.
    public var bytesReceived: Int

    /// Creates metadata.
    public init(attempts: Int = 0, retries: [RetryRecord] = [], cacheStatus: CacheStatus = .notConsulted, bytesSent: Int = 0, bytesReceived: Int = 0) {
        self.attempts = attempts
        self.retries = retries
        self.cacheStatus = cacheStatus
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
    }
}

/// One retry: why, and how long the pipeline waited before it.
public struct RetryRecord: Sendable, Hashable {
    /// The reason, e.g. `"HTTP 503"`, `"timed out"`, `"401 → token refreshed"`.
    public var reason: String
    /// The delay before the retry, in seconds.
    public var delay: TimeInterval

    /// Creates a record.
    public init(reason: String, delay: TimeInterval) {
        self.reason = reason
        self.delay = delay
    }
}
