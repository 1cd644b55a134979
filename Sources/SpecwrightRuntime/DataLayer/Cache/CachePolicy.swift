import Foundation

/// How a response may be served from and stored in the runtime's own cache (the data layer
/// implements it; URLCache is never used — it is not honoured on Linux).
///
/// The first four are endpoint policies (the spec's `cache:`); the last three are what a single
/// call usually asks for through `CacheOverride` (pull-to-refresh, an offline-only read), though
/// an endpoint may use them as its default too.
public enum CachePolicy: Sendable, Hashable {
    /// Always ask the network; nothing is stored.
    case networkOnly
    /// Serve a fresh stored response without asking the network; revalidate a stale one.
    /// Freshness comes from the server's headers (`max-age`, `Expires`); `ttl` seconds is the
    /// lifetime only of responses that state none (RFC 9111 §4.2) — unless `CacheLifetime.app`.
    case cacheFirst(ttl: TimeInterval)
    /// Ask the network (conditionally when a copy is stored); when the request fails for lack of
    /// a network (transport failure, timeout) return the stored copy, flagged stale, while it is
    /// still fresh or younger than `ttl` — unless it says `must-revalidate` or `no-cache`.
    case networkFirst(ttl: TimeInterval)
    /// Serve any stored response at once; when it is stale (by the server's headers, else `ttl`)
    /// refresh it in the background.
    case staleWhileRevalidate(ttl: TimeInterval)
    /// Ignore any stored copy: ask the network without validators and store the answer (the
    /// Fetch standard's `reload`; pull-to-refresh). Fails when the network does.
    case reload
    /// Serve any stored copy whatever its age, never the network (the Fetch standard's
    /// `only-if-cached`); without a copy the call fails with `SpecwrightError.Kind.notCached`.
    case cacheOnly
    /// Serve any stored copy whatever its age; ask the network (and store) only when there is
    /// none (the Fetch standard's `force-cache`).
    case cacheElseNetwork
}

/// Who decides how long a stored response stays fresh.
public enum CacheLifetime: Sendable, Hashable {
    /// The server (RFC 9111 §4.2): `max-age`, `Expires`, `no-cache`, `must-revalidate` and
    /// `no-store` are obeyed; the policy's `ttl` applies only when the response states no lifetime.
    case server
    /// The app: the policy's `ttl` is the lifetime whatever the server's caching headers say
    /// (`no-store`, `no-cache`, `must-revalidate`, `max-age`, `Expires` are overridden; `Vary`
    /// still selects variants and `Vary: *` is still never stored). Opt-in, per endpoint or per call.
    case app
}

/// What one call asks of the cache on top of its endpoint's policy: `.endpointDefault`, or a
/// policy (and lifetime authority) for this call only. Generated methods take one as `cache:`.
public struct CacheOverride: Sendable, Hashable {
    /// The policy for this call; nil keeps the endpoint's.
    public var policy: CachePolicy?
    /// The lifetime authority for this call; nil keeps the endpoint's.
    public var lifetime: CacheLifetime?

    /// Creates an override; nil parts keep the endpoint's values.
    public init(policy: CachePolicy? = nil, lifetime: CacheLifetime? = nil) {
        self.policy = policy
        self.lifetime = lifetime
    }

    /// The endpoint's own policy (the spec's default).
    public static let endpointDefault = CacheOverride()
    /// Ask the network even though a fresh copy is stored, and store the answer (pull-to-refresh).
    public static let reload = CacheOverride(policy: .reload)
    /// Only the stored copy, whatever its age; never the network.
    public static let cacheOnly = CacheOverride(policy: .cacheOnly)
    /// Any stored copy; the network only when none is stored.
    public static let cacheElseNetwork = CacheOverride(policy: .cacheElseNetwork)

    /// `policy` for this call, with `lifetime` (nil: the endpoint's).
    public static func policy(_ policy: CachePolicy, lifetime: CacheLifetime? = nil) -> CacheOverride {
        CacheOverride(policy: policy, lifetime: lifetime)
    }

    /// The options with this override applied.
    func applied(to options: EndpointOptions) -> EndpointOptions {
        var options = options
        if let policy { options.cache = policy }
        if let lifetime { options.cacheLifetime = lifetime }
        return options
    }
}
