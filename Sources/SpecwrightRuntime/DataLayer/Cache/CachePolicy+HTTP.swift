import Foundation

extension CachePolicy {
    /// HTTP caching as the server states it (RFC 9111), with nothing added by the app: a stored
    /// response is served while its `max-age` / `Expires` says it is fresh, revalidated with its
    /// `ETag` / `Last-Modified` once it is not (a `304` refreshes the copy), and never stored when
    /// the server says `no-store`; `no-cache` and `must-revalidate` are obeyed.
    ///
    /// It is ``cacheFirst(ttl:)`` with a ttl of 0, so a response that states no lifetime is never
    /// reused without asking the server — not even under the Last-Modified heuristic RFC 9111
    /// §4.2.2 allows, which for API data (a record last modified a year ago would stay fresh for
    /// five weeks) is rarely what the server means. The default of clients imported from OpenAPI.
    public static let http = CachePolicy.cacheFirst(ttl: 0)
}
