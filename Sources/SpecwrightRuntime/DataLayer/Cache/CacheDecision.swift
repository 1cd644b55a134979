import Foundation

/// How an endpoint uses the cache; the caching cases of the public `CachePolicy`
/// (`networkOnly` bypasses the cache entirely and has no mode).
enum CacheMode: Sendable, Hashable {
    /// Serve a fresh stored copy without the network.
    case cacheFirst(ttl: TimeInterval)
    /// Always ask the network (conditionally); on a transport failure serve the stored copy.
    case networkFirst(ttl: TimeInterval)
    /// Serve any stored copy at once; refresh a stale one in the background.
    case staleWhileRevalidate(ttl: TimeInterval)

    /// The freshness lifetime used when a response states none.
    var ttl: TimeInterval {
        switch self {
        case let .cacheFirst(ttl), let .networkFirst(ttl), let .staleWhileRevalidate(ttl): return ttl
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

    /// Decides for a GET with `requestHeaders`, given the stored `entry` (already Vary-matched).
    static func decide(
        mode: CacheMode, entry: CacheEntry?, requestHeaders: [String: String], now: Date
    ) -> CacheDecision {
        guard let entry else { return .miss }
        let request = CacheControl(headers: requestHeaders)
        let response = entry.cacheControl
        let age = CacheFreshness.currentAge(of: entry, now: now)
        let lifetime = CacheFreshness.lifetime(status: entry.status, headers: entry.headers, fallbackTTL: mode.ttl)
        let revalidation = CacheDecision.revalidate(
            entry, age: age, conditionalHeaders: conditionalHeaders(for: entry))

        if request.noCache || response.noCache { return revalidation }
        if case .networkFirst = mode { return revalidation }
        var isFresh = age < lifetime
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
        case .networkFirst:
            return revalidation
        }
    }

    /// `If-None-Match` from the stored `ETag` and `If-Modified-Since` from `Last-Modified`
    /// (RFC 9111 §4.3.1); empty when the entry has no validator.
    static func conditionalHeaders(for entry: CacheEntry) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = HeaderLookup.value("ETag", in: entry.headers) {
            headers["If-None-Match"] = etag
        }
        if let lastModified = HeaderLookup.value("Last-Modified", in: entry.headers) {
            headers["If-Modified-Since"] = lastModified
        }
        return headers
    }

    /// Whether the stale `entry` may be served because the origin failed (RFC 5861 §4
    /// `stale-if-error`, from the response or the request). `networkFirst` always allows it
    /// for transport failures (the offline read), unless the response says `must-revalidate`.
    static func mayServeOnError(
        mode: CacheMode, entry: CacheEntry, requestHeaders: [String: String], isTransportFailure: Bool, now: Date
    ) -> Bool {
        let response = entry.cacheControl
        if response.mustRevalidate || response.noCache {
            let age = CacheFreshness.currentAge(of: entry, now: now)
            let lifetime = CacheFreshness.lifetime(status: entry.status, headers: entry.headers, fallbackTTL: mode.ttl)
            if age >= lifetime || response.noCache { return false }
        }
        if case .networkFirst = mode, isTransportFailure { return true }
        let age = CacheFreshness.currentAge(of: entry, now: now)
        let lifetime = CacheFreshness.lifetime(status: entry.status, headers: entry.headers, fallbackTTL: mode.ttl)
        let window = max(response.staleIfError ?? -1, CacheControl(headers: requestHeaders).staleIfError ?? -1)
        return window >= 0 && age - lifetime <= window
    }
}
