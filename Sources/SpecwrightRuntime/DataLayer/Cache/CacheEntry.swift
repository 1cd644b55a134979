import Foundation

/// One stored response (RFC 9111 §3) with what is needed to compute its age and match its `Vary`.
struct CacheEntry: Sendable, Hashable, Codable {
    /// Which stored responses this one competes with: account partition + URL.
    var key: CacheKey
    /// The request header values the response varies on, e.g. `accept-language=de`.
    var variant: CacheVariant
    var status: Int
    var headers: [String: String]
    var body: Data
    /// When the request that produced (or last revalidated) this response was sent.
    var requestTime: Date
    /// When that response was received.
    var responseTime: Date
    /// The operation that stored it (`books.get`), for invalidation by operation; nil in rows
    /// written before it was recorded.
    var operation: String?

    /// The approximate number of bytes this entry occupies (body + headers + key).
    var cost: Int {
        body.count + key.storageKey.utf8.count + variant.storageKey.utf8.count
            + headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    }

    /// Fields never stored: `Set-Cookie` (and the obsolete `Set-Cookie2`) belong to the one
    /// exchange that carried them. The runtime keeps no cookie jar, so an app that signs in with
    /// cookies reads them from that response; a stored copy that replayed them would hand one
    /// user's session to whoever reads the copy next (every account reads the shared partition of
    /// calls without credentials). RFC 9111 §3.1 lets caches store them; shared caches such as
    /// nginx's do not.
    static let unstoredFieldNames: Set<String> = ["set-cookie", "set-cookie2"]

    /// The entry as it is stored: without ``unstoredFieldNames``.
    var storable: CacheEntry {
        guard headers.keys.contains(where: { Self.unstoredFieldNames.contains($0.lowercased()) }) else { return self }
        var copy = self
        copy.headers = headers.filter { !Self.unstoredFieldNames.contains($0.key.lowercased()) }
        return copy
    }

    /// The response's `Cache-Control` directives.
    var cacheControl: CacheControl { CacheControl(headers: headers) }

    /// The entry after a `304 Not Modified`: the stored headers updated by those of the 304
    /// (RFC 9111 §3.2, except framing headers) and new request/response times.
    func refreshed(with notModifiedHeaders: [String: String], requestTime: Date, responseTime: Date) -> CacheEntry {
        let excluded: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range"]
        var merged = headers
        for (name, value) in notModifiedHeaders where !excluded.contains(name.lowercased()) {
            merged = HeaderLookup.setting(name, to: value, in: merged)
        }
        var copy = self
        copy.headers = merged
        copy.requestTime = requestTime
        copy.responseTime = responseTime
        return copy
    }
}

/// The primary cache key: the account partition and the request URL (only GET is stored).
struct CacheKey: Sendable, Hashable, Codable {
    /// The caller-supplied account identity; `""` for anonymous requests.
    var account: String
    /// The absolute request URL.
    var url: String

    /// One string for storage: the unit separator cannot occur in a URL.
    var storageKey: String { account + "\u{1F}" + url }
}

/// The secondary key from `Vary` (RFC 9111 §4.1): the named request header values.
struct CacheVariant: Sendable, Hashable, Codable {
    /// Lower-cased header names from the response's `Vary`, sorted.
    var names: [String]
    /// The request's values for those names, whitespace-normalized (missing → empty).
    var values: [String]

    /// The variant selected by `varyHeader` for a request carrying `requestHeaders`;
    /// nil when `Vary: *` (such a response can never be reused).
    init?(varyHeader: String?, requestHeaders: [String: String]) {
        let names = (varyHeader ?? "").split(separator: ",")
            .map { HTTPWhitespace.trimmed($0).lowercased() }
            .filter { !$0.isEmpty }
        if names.contains("*") { return nil }
        self.init(names: Array(Set(names)).sorted(), requestHeaders: requestHeaders)
    }

    /// The variant for `names`, taking the values from `requestHeaders`.
    init(names: [String], requestHeaders: [String: String]) {
        self.names = names
        self.values = names.map { name in
            (HeaderLookup.value(name, in: requestHeaders) ?? "")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    /// Whether a request with `requestHeaders` selects this stored variant.
    func matches(_ requestHeaders: [String: String]) -> Bool {
        CacheVariant(names: names, requestHeaders: requestHeaders) == self
    }

    /// One string for storage.
    var storageKey: String {
        zip(names, values).map { "\($0)=\($1)" }.joined(separator: "\u{1E}")
    }
}
