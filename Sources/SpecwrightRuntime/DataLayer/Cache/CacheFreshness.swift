import Foundation

/// Age and freshness of a stored response (RFC 9111 §4.2). Pure functions of the entry and `now`.
enum CacheFreshness {
    /// Statuses a cache may reuse under heuristic freshness or a policy ttl (RFC 9110 §15.1).
    static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The entry's current age (RFC 9111 §4.2.3), in `0...DeltaSeconds.maximum` whatever the
    /// stored headers and times say (a hostile `Age` or a tampered row cannot overflow it).
    static func currentAge(of entry: CacheEntry, now: Date) -> TimeInterval {
        let dateValue = HeaderLookup.value("Date", in: entry.headers).flatMap(HTTPDate.parse) ?? entry.responseTime
        let ageValue = HeaderLookup.value("Age", in: entry.headers).flatMap(DeltaSeconds.age(fromHeader:)) ?? 0
        let apparentAge = DeltaSeconds.clamp(entry.responseTime.timeIntervalSince(dateValue))
        let responseDelay = DeltaSeconds.clamp(entry.responseTime.timeIntervalSince(entry.requestTime))
        let correctedInitialAge = max(apparentAge, DeltaSeconds.clamp(ageValue + responseDelay))
        let residentTime = DeltaSeconds.clamp(now.timeIntervalSince(entry.responseTime))
        return DeltaSeconds.clamp(correctedInitialAge + residentTime)
    }

    /// Whether the response states its own lifetime (`max-age` or `Expires`).
    static func hasExplicitLifetime(_ headers: [String: String]) -> Bool {
        CacheControl(headers: headers).maxAge != nil || HeaderLookup.value("Expires", in: headers) != nil
    }

    /// How long the response stays fresh (RFC 9111 §4.2.1): `max-age`, else `Expires` − `Date`,
    /// else `fallbackTTL` (the endpoint policy's ttl), else the 10 % Last-Modified heuristic (§4.2.2);
    /// in `0...DeltaSeconds.maximum`. A response without a `Date` field is dated `received`, when
    /// it arrived (RFC 9110 §6.6.1: a recipient with a clock adds the date it received it) — not
    /// the time of each later look, which would shorten an `Expires` lifetime as the copy ages.
    static func lifetime(status: Int, headers: [String: String], fallbackTTL: TimeInterval?, received: Date = Date())
        -> TimeInterval
    {
        DeltaSeconds.clamp(
            unclampedLifetime(status: status, headers: headers, fallbackTTL: fallbackTTL, received: received))
    }

    private static func unclampedLifetime(
        status: Int, headers: [String: String], fallbackTTL: TimeInterval?, received: Date
    ) -> TimeInterval {
        let control = CacheControl(headers: headers)
        if let maxAge = control.maxAge { return maxAge }
        if let expiresValue = HeaderLookup.value("Expires", in: headers) {
            guard let expires = HTTPDate.parse(expiresValue) else { return 0 }
            let date = HeaderLookup.value("Date", in: headers).flatMap(HTTPDate.parse) ?? received
            return max(0, expires.timeIntervalSince(date))
        }
        guard heuristicallyCacheableStatuses.contains(status) else { return 0 }
        if let fallbackTTL { return max(0, fallbackTTL) }
        if let lastModified = HeaderLookup.value("Last-Modified", in: headers).flatMap(HTTPDate.parse),
            let date = HeaderLookup.value("Date", in: headers).flatMap(HTTPDate.parse)
        {
            return max(0, date.timeIntervalSince(lastModified) / 10)
        }
        return 0
    }

    /// Whether a response to a GET may be stored (RFC 9111 §3): no `no-store` on either side, not
    /// `Vary: *`, and a status that is cacheable by default or has an explicit lifetime. With
    /// `CacheLifetime.app` the response's `no-store` gives way (the app opted in to its own ttl).
    ///
    /// The anonymous partition (`shared`: requests that carry no credentials the runtime knows
    /// of) is shared by whoever uses the client, so there the rules of a shared cache apply
    /// whatever the lifetime: a `private` response is not stored (RFC 9111 §5.2.2.7), nor is a
    /// response to a request that an interceptor gave an `Authorization`, `Proxy-Authorization`
    /// or `Cookie` field, unless it says `public`, `s-maxage` or `must-revalidate` (§3.5) — one
    /// user's answer is never served to the next.
    static func isStorable(
        status: Int, responseHeaders: [String: String], requestHeaders: [String: String],
        lifetime: CacheLifetime = .server, shared: Bool = false
    ) -> Bool {
        if CacheControl(headers: requestHeaders).noStore { return false }
        let control = CacheControl(headers: responseHeaders)
        if lifetime == .server, control.noStore { return false }
        if shared {
            if control.isPrivate { return false }
            let authenticated = ["Authorization", "Proxy-Authorization", "Cookie"].contains {
                HeaderLookup.value($0, in: requestHeaders) != nil
            }
            if authenticated, !control.allowsSharedStorage, !control.mustRevalidate { return false }
        }
        if status == 206 || status == 304 || status < 200 { return false }
        if CacheVariant(varyHeader: HeaderLookup.value("Vary", in: responseHeaders), requestHeaders: requestHeaders)
            == nil
        {
            return false
        }
        return heuristicallyCacheableStatuses.contains(status) || hasExplicitLifetime(responseHeaders)
    }
}
