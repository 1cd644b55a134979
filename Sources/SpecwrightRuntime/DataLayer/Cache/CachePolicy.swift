import Foundation

/// How a response may be served from and stored in the runtime's own cache (the data layer
/// implements it; URLCache is never used — it is not honoured on Linux).
public enum CachePolicy: Sendable, Hashable {
    /// Always ask the network; nothing is stored.
    case networkOnly
    /// Serve a fresh stored response without asking the network; revalidate a stale one.
    /// Freshness comes from the server's headers (`max-age`, `Expires`); `ttl` seconds is the
    /// lifetime only of responses that state none (RFC 9111 §4.2).
    case cacheFirst(ttl: TimeInterval)
    /// Ask the network (conditionally when a copy is stored); when the request fails for lack of
    /// a network (transport failure, timeout) return the stored copy of any age, flagged stale —
    /// unless it says `must-revalidate` or `no-cache`. `ttl` is the lifetime of responses that
    /// state none (it decides whether a 5xx may be answered from `stale-if-error`).
    case networkFirst(ttl: TimeInterval)
    /// Serve any stored response at once; when it is stale (by the server's headers, else `ttl`)
    /// refresh it in the background.
    case staleWhileRevalidate(ttl: TimeInterval)
}
