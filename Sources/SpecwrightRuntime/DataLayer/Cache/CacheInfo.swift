import Foundation

/// How the HTTP cache took part in a response: where the body came from and how old it is.
public struct CacheInfo: Sendable, Hashable, CustomStringConvertible {
    /// Where the body a caller receives came from.
    public enum Source: String, Sendable, Hashable {
        /// Fresh from the server (a cache, if any, was missed or bypassed).
        case network
        /// From the cache without contacting the server (fresh hit, stale-while-revalidate, or a
        /// fallback after a failure — see `isStale`).
        case cache
        /// The server answered `304 Not Modified`; the stored body was served with updated headers.
        case revalidated
    }

    /// Where the body came from.
    public var source: Source
    /// The response's age in seconds (RFC 9111 §4.2.3); 0 for a response just received.
    public var age: TimeInterval
    /// Whether the served copy is past its freshness lifetime: a stale-while-revalidate answer or
    /// an offline/error fallback (`networkFirst`, `stale-if-error`).
    public var isStale: Bool

    /// Creates cache information.
    public init(source: Source, age: TimeInterval, isStale: Bool) {
        self.source = source
        self.age = age
        self.isStale = isStale
    }

    /// Whether the body came from the cache (including a 304 revalidation).
    public var isFromCache: Bool { source != .network }

    /// A log-friendly description, e.g. `cache (age 12s, stale)`.
    public var description: String {
        "\(source.rawValue) (age \(DeltaSeconds.headerValue(age))s\(isStale ? ", stale" : ""))"
    }

    /// A response that came straight from the network.
    public static let network = CacheInfo(source: .network, age: 0, isStale: false)
}
