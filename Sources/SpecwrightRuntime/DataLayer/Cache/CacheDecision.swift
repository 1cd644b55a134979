import Foundation

/// How a call uses the cache; the caching cases of the public `CachePolicy`
/// (`networkOnly` bypasses the cache entirely and has no mode).
enum CacheMode: Sendable, Hashable {
    /// Serve a fresh stored copy without the network.
    case cacheFirst(ttl: TimeInterval)
    /// Always ask the network (conditionally); on a transport failure serve a stored copy that is
    /// still fresh or younger than `ttl`.
    case networkFirst(ttl: TimeInterval)
    /// Serve any stored copy at once; refresh a stale one in the background.
    case staleWhileRevalidate(ttl: TimeInterval)
    /// Ask the network without validators whatever is stored; store the answer.
    case reload
    /// Serve any stored copy; never the network.
    case cacheOnly
    /// Serve any stored copy; the network only without one.
    case cacheElseNetwork

    /// The policy's ttl: the freshness lifetime when the response states none (or always, with
    /// `CacheLifetime.app`); nil for the modes without one.
    var ttl: TimeInterval? {
        switch self {
        case let .cacheFirst(ttl), let .networkFirst(ttl), let .staleWhileRevalidate(ttl): return ttl
        case .reload, .cacheOnly, .cacheElseNetwork: return nil
        }
    }
}

/// What to do with a request given the stored copy (pure; RFC 9111 §4 and RFC 5861).
enum CacheDecision: Sendable, Equatable {
    /// No usable stored copy: plain network request.
    case miss
    /// Serve the stored copy; no network.
    case fresh(CacheEntry, age: TimeInterval)
    /// Serve the stored copy now and refresh it in the background.
    case serveStaleAndRefresh(CacheEntry, age: TimeInterval)
    /// Ask the network with these validators; on `304` serve the stored copy.
    case revalidate(CacheEntry, age: TimeInterval, conditionalHeaders: [String: String])

    /// How long `entry` stays fresh under `mode`: RFC 9111 §4.2.1 with the ttl as the fallback,
    /// or the ttl alone when the app decides (`CacheLifetime.app`).
    static func lifetime(of entry: CacheEntry, mode: CacheMode, authority: CacheLifetime) -> TimeInterval {
        if authority == .app, let ttl = mode.ttl { return DeltaSeconds.clamp(ttl) }
        return CacheFreshness.lifetime(
            status: entry.status, headers: entry.headers, fallbackTTL: mode.ttl, received: entry.responseTime)
    }

    /// Decides for a GET with `requestHeaders`, given the stored `entry` (already Vary-matched).
    /// With `lifetime == .app` the response's `no-cache`, `must-revalidate`, `max-age` and
    /// `Expires` give way to the policy's ttl; the request's own directives still apply.
    static func decide(
        mode: CacheMode, entry: CacheEntry?, requestHeaders: [String: String], now: Date,
        lifetime authority: CacheLifetime = .server
    ) -> CacheDecision {
        guard let entry else { return .miss }
        let request = CacheControl(headers: requestHeaders)
        var response = entry.cacheControl
        if authority == .app, mode.ttl != nil {
            response.noCache = false
            response.mustRevalidate = false
        }
        let age = CacheFreshness.currentAge(of: entry, now: now)
        let lifetime = lifetime(of: entry, mode: mode, authority: authority)
        let revalidation = CacheDecision.revalidate(
            entry, age: age, conditionalHeaders: conditionalHeaders(for: entry))

        switch mode {
        case .reload: return .miss
        case .cacheOnly, .cacheElseNetwork: return .fresh(entry, age: age)
        case .cacheFirst, .networkFirst, .staleWhileRevalidate: break
        }
        if request.noCache || response.noCache { return revalidation }
        if case .networkFirst = mode { return revalidation }
        // A clock set back to before the copy was even asked for says nothing about its age (the
        // resident time would count as 0 until the clock caught up, days perhaps): it is not
        // trusted as fresh, only revalidated — a stored copy still answers offline.
        var isFresh = age < lifetime && now >= entry.requestTime
        if let requestMaxAge = request.maxAge, age >= requestMaxAge { isFresh = false }
        if let minFresh = request.minFresh, lifetime - age < minFresh { isFresh = false }
        if isFresh { return .fresh(entry, age: age) }

        let staleness = age - lifetime
        if !response.mustRevalidate, let maxStale = request.maxStale, staleness <= maxStale {
            return .fresh(entry, age: age)
        }
        if response.mustRevalidate { return revalidation }
        switch mode {
        case .staleWhileRevalidate:
            return .serveStaleAndRefresh(entry, age: age)
        case .cacheFirst:
            if let window = response.staleWhileRevalidate, staleness <= window {
                return .serveStaleAndRefresh(entry, age: age)
            }
            return revalidation
        case .networkFirst, .reload, .cacheOnly, .cacheElseNetwork:
            return revalidation
        }
    }

    /// `If-None-Match` from the stored `ETag` and `If-Modified-Since` from `Last-Modified`
    /// (RFC 9111 §4.3.1); empty when the entry has no validator. A validator a server could not
    /// have meant is not sent back: an `ETag` longer than `maximumValidatorLength` (a hostile
    /// server's megabyte would make every revalidation a request that servers refuse with 431),
    /// a `Last-Modified` that is no HTTP-date (RFC 9110 §8.8.2).
    static func conditionalHeaders(for entry: CacheEntry) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = HeaderLookup.value("ETag", in: entry.headers), etag.utf8.count <= maximumValidatorLength {
            headers["If-None-Match"] = etag
        }
        if let lastModified = HeaderLookup.value("Last-Modified", in: entry.headers),
            lastModified.utf8.count <= maximumValidatorLength, HTTPDate.parse(lastModified) != nil
        {
            headers["If-Modified-Since"] = lastModified
        }
        return headers
    }

    /// 1 KiB: far above any real entity tag (a hash or a version, tens of bytes), far below the
    /// 8 KiB request header line that common servers (nginx, Apache) accept.
    static let maximumValidatorLength = 1024

    /// Whether the stale `entry` may be served because the origin failed (RFC 5861 §4
    /// `stale-if-error`, from the response or the request). `networkFirst` allows it for
    /// transport failures (the offline read) while the copy is fresh or younger than its ttl,
    /// unless the server said `must-revalidate` or `no-cache` (with `CacheLifetime.app`: while
    /// younger than the ttl, whatever the server said). `reload` never falls back.
    static func mayServeOnError(
        mode: CacheMode, entry: CacheEntry, requestHeaders: [String: String], isTransportFailure: Bool, now: Date,
        lifetime authority: CacheLifetime = .server
    ) -> Bool {
        if case .reload = mode { return false }
        let response = entry.cacheControl
        let age = CacheFreshness.currentAge(of: entry, now: now)
        let lifetime = lifetime(of: entry, mode: mode, authority: authority)
        if authority == .app, mode.ttl != nil {
            if case .networkFirst = mode, isTransportFailure { return age < lifetime }
        } else {
            if response.mustRevalidate || response.noCache {
                if age >= lifetime || response.noCache { return false }
            }
            if case let .networkFirst(ttl) = mode, isTransportFailure {
                return age < max(lifetime, DeltaSeconds.clamp(ttl))
            }
        }
        let window = max(response.staleIfError ?? -1, CacheControl(headers: requestHeaders).staleIfError ?? -1)
        return window >= 0 && age - lifetime <= window
    }
}
