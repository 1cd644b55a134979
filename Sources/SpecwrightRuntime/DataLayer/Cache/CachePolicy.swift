import Foundation

/// How a response may be served from and stored in the runtime's own cache (the data layer
/// implements it; URLCache is never used — it is not honoured on Linux).
public enum CachePolicy: Sendable, Hashable {
    /// Always ask the network; nothing is stored.
    case networkOnly
    /// Serve a cached response younger than `ttl` seconds without asking the network.
    case cacheFirst(ttl: TimeInterval)
    /// Ask the network; fall back to a cached response younger than `ttl` when offline.
    case networkFirst(ttl: TimeInterval)
    /// Serve the cached response at once and refresh it in the background when older than `ttl`.
    case staleWhileRevalidate(ttl: TimeInterval)
}
