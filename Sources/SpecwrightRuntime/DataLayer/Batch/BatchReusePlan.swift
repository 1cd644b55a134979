import Foundation

/// One batch load's view of the element store: the unique ids, those already known (stored and
/// fresh), those to fetch, and where fetched elements are filed.
struct BatchReusePlan<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    var ids: [ID]
    var known: [ID: Element]
    var missing: [ID]
    var reuse: BatchReuse<ID, Element>?
    /// The cache whose element store keeps the elements (nil without reuse).
    var store: HTTPCache?
    var partition: String
    /// The cache's removals before the lookup: elements removed since then are not stored back.
    var mark: CacheRemovalLog.Mark?

    /// The result of the load: without reuse the fetched elements unchanged (chunk order); with
    /// it one element per id in input order, known ones from the store, the others from `fetched`.
    func merge(_ fetched: [Element]) -> [Element] {
        guard let reuse else { return fetched }
        var byID = known
        for element in fetched { byID[reuse.id(element)] = element }
        return ids.compactMap { byID[$0] }
    }

    /// How long the elements of `response` stay fresh minus its age; nil when they must not be
    /// reused (already stale; with `.server`, also `no-store` and `no-cache`). The lifetime is
    /// the response's by its headers (RFC 9111 §4.2, `ttl` when it states none), or `ttl` alone
    /// when the app decides (`CacheLifetime.app`, as `CacheDecision.lifetime` does for the HTTP cache).
    static func freshFor(_ response: APIResponse<[Element]>, ttl: TimeInterval, lifetime authority: CacheLifetime)
        -> TimeInterval?
    {
        let headers = response.headers.dictionary
        let lifetime: TimeInterval
        switch authority {
        case .app:
            lifetime = DeltaSeconds.clamp(ttl)
        case .server:
            let control = CacheControl(headers: headers)
            guard !control.noStore, !control.noCache else { return nil }
            lifetime = CacheFreshness.lifetime(status: response.status, headers: headers, fallbackTTL: ttl)
        }
        let age = HeaderLookup.value("Age", in: headers).flatMap(DeltaSeconds.age(fromHeader:)) ?? 0
        let remaining = lifetime - age
        return remaining > 0 ? remaining : nil
    }
}

extension CachePolicy {
    /// The policy's `ttl`; nil for the policies without one.
    var ttl: TimeInterval? {
        switch self {
        case .networkOnly, .reload, .cacheOnly, .cacheElseNetwork: return nil
        case let .cacheFirst(ttl), let .networkFirst(ttl), let .staleWhileRevalidate(ttl): return ttl
        }
    }
}
