import Foundation

/// How the cache took part in one call, as the metrics count it.
public enum CacheOutcome: String, Sendable, Hashable, CaseIterable {
    /// A fresh stored copy answered the call; nothing was sent.
    case freshHit
    /// A stale copy answered the call without waiting for the network (stale-while-revalidate).
    case staleServed
    /// The server confirmed the stored copy with `304 Not Modified`.
    case revalidated
    /// The cache was consulted and the answer came from the network.
    case miss
    /// The network failed (offline, timeout, a 5xx under `stale-if-error`) and a stored copy
    /// answered instead: the offline read.
    case offlineCopy

    /// Whether the body came from the cache (every outcome but `miss`).
    public var isServedFromCache: Bool { self != .miss }
}

extension ResponseMetadata {
    /// The call's cache outcome; nil when no cache was consulted.
    public var cacheOutcome: CacheOutcome? {
        switch cacheStatus {
        case .notConsulted: return nil
        case .hit: return .freshHit
        case .miss: return .miss
        case .revalidated: return .revalidated
        case .stale: return isNetworkFallback ? .offlineCopy : .staleServed
        }
    }
}
