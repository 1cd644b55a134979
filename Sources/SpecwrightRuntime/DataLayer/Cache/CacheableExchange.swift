import Foundation

/// A request as the cache stage sees it.
struct CacheableRequest: Sendable {
    /// The upper-case method.
    var method: String
    /// The absolute URL.
    var url: String
    /// The request headers that will be sent (Vary is matched against them).
    var headers: [String: String]
    /// The account partition; `""` for anonymous.
    var account: String
    /// The operation name (`books.get`); stored with the entry for invalidation by operation.
    var operation: String = ""
    /// Operations whose stored responses a successful unsafe request invalidates (the spec's
    /// `invalidates:`), in every account.
    var invalidates: [String] = []
}

/// A response as the cache stage sees it.
struct CacheableResponse: Sendable, Equatable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The headers of the request that was actually sent for it (after interceptors); `Vary` is
    /// evaluated on them when storing. Nil: the `CacheableRequest`'s headers were sent.
    var sentHeaders: [String: String]?
    /// False when the response must not be stored or merged: it was fetched with other
    /// credentials than the call's partition stands for (a replay with a refreshed token), or
    /// this call sent nothing itself (it shared another call's response).
    var mayStore = true
}

/// How the origin failed, as far as the cache cares (RFC 5861 `stale-if-error`, offline reads).
enum CacheFailureKind: Sendable, Equatable {
    /// No usable answer reached us: connection refused, DNS, timeout, offline.
    case transport
    /// The server answered 500, 502, 503 or 504.
    case serverError
    /// Anything else (cancellation, client errors): never hidden behind a stored copy.
    case other
}
