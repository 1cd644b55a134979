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

/// The cache stage of the pipeline: decides from the stored copy and the endpoint's mode whether
/// to answer from the cache, revalidate, or go to the network, and stores what comes back.
struct HTTPCacheStage: Sendable {
    /// Sends the request with extra (conditional) headers and returns the raw response;
    /// `isBackgroundRefresh` is true for stale-while-revalidate refreshes nobody waits for.
    typealias Network = @Sendable (_ extraHeaders: [String: String], _ isBackgroundRefresh: Bool) async throws
        -> CacheableResponse

    let cache: HTTPCache
    /// The clock; injectable so tests can age entries.
    var now: @Sendable () -> Date = { Date() }
    private let refreshes = BackgroundRefreshes()

    init(cache: HTTPCache, now: @escaping @Sendable () -> Date = { Date() }) {
        self.cache = cache
        self.now = now
    }

    /// Answers `request` under `mode` (nil = `networkOnly`: the cache is neither read nor written,
    /// though unsafe methods still invalidate). `classify` tells transport failures and server
    /// errors from other errors.
    func perform(
        _ request: CacheableRequest, mode: CacheMode?,
        classify: @escaping @Sendable (any Error) -> CacheFailureKind,
        network: @escaping Network
    ) async throws -> (response: CacheableResponse, info: CacheInfo) {
        guard request.method == "GET" else {
            let response = try await network([:], false)
            if !["HEAD", "OPTIONS", "TRACE"].contains(request.method), response.status < 400 {
                invalidate(after: request, response: response)
            }
            return (response, .network)
        }
        guard let mode else { return (try await network([:], false), .network) }
        let key = CacheKey(account: request.account, url: request.url)
        let stored = cache.lookup(key, requestHeaders: request.headers)?.entry
        switch CacheDecision.decide(mode: mode, entry: stored, requestHeaders: request.headers, now: now()) {
        case let .fresh(entry, age):
            return (Self.response(from: entry, age: age), CacheInfo(source: .cache, age: age, isStale: false))
        case let .serveStaleAndRefresh(entry, age):
            let conditional = CacheDecision.conditionalHeaders(for: entry)
            if refreshes.begin(key) {
                Task {
                    _ = try? await fetch(request, key: key, stored: entry, conditional: conditional,
                                         mode: mode, classify: classify) { try await network($0, true) }
                    refreshes.end(key)
                }
            }
            return (Self.response(from: entry, age: age), CacheInfo(source: .cache, age: age, isStale: true))
        case let .revalidate(entry, _, conditional):
            return try await fetch(request, key: key, stored: entry, conditional: conditional,
                                   mode: mode, classify: classify) { try await network($0, false) }
        case .miss:
            return try await fetch(request, key: key, stored: nil, conditional: [:],
                                   mode: mode, classify: classify) { try await network($0, false) }
        }
    }

    private func fetch(
        _ request: CacheableRequest, key: CacheKey, stored: CacheEntry?, conditional: [String: String],
        mode: CacheMode, classify: @Sendable (any Error) -> CacheFailureKind,
        network: @Sendable ([String: String]) async throws -> CacheableResponse
    ) async throws -> (response: CacheableResponse, info: CacheInfo) {
        let requestTime = now()
        let response: CacheableResponse
        do {
            response = try await network(conditional)
        } catch {
            let kind = classify(error)
            if kind != .other, let fallback = fallback(stored, mode: mode, request: request, kind: kind) {
                return fallback
            }
            throw error
        }
        let responseTime = now()
        let sentHeaders = response.sentHeaders ?? request.headers
        if response.status == 304, let stored {
            let refreshed = stored.refreshed(with: response.headers, requestTime: requestTime, responseTime: responseTime)
            // Merged only when the 304 answered the partition's own credentials (`mayStore`).
            if response.mayStore {
                if CacheFreshness.isStorable(status: refreshed.status, responseHeaders: refreshed.headers, requestHeaders: sentHeaders) {
                    cache.store(refreshed)
                } else {
                    cache.remove(key)
                }
            }
            let age = CacheFreshness.currentAge(of: refreshed, now: responseTime)
            return (Self.response(from: refreshed, age: age), CacheInfo(source: .revalidated, age: age, isStale: false))
        }
        if [500, 502, 503, 504].contains(response.status),
            let fallback = fallback(stored, mode: mode, request: request, kind: .serverError)
        {
            return fallback
        }
        guard response.mayStore else { return (response, .network) }
        if CacheFreshness.isStorable(status: response.status, responseHeaders: response.headers, requestHeaders: sentHeaders),
            let variant = CacheVariant(varyHeader: HeaderLookup.value("Vary", in: response.headers), requestHeaders: sentHeaders)
        {
            cache.store(CacheEntry(
                key: key, variant: variant, status: response.status, headers: response.headers, body: response.body,
                requestTime: requestTime, responseTime: responseTime))
        } else if stored != nil, response.status != 304 {
            cache.remove(key)
        }
        return (response, .network)
    }

    private func fallback(
        _ stored: CacheEntry?, mode: CacheMode, request: CacheableRequest, kind: CacheFailureKind
    ) -> (response: CacheableResponse, info: CacheInfo)? {
        let now = now()
        guard let stored, CacheDecision.mayServeOnError(
            mode: mode, entry: stored, requestHeaders: request.headers, isTransportFailure: kind == .transport, now: now)
        else { return nil }
        let age = CacheFreshness.currentAge(of: stored, now: now)
        return (Self.response(from: stored, age: age), CacheInfo(source: .cache, age: age, isStale: true))
    }

    /// Invalidates the request URL, and same-origin `Location` / `Content-Location` targets
    /// (RFC 9111 §4.4), in every account.
    private func invalidate(after request: CacheableRequest, response: CacheableResponse) {
        cache.invalidate(url: request.url)
        guard let base = URL(string: request.url) else { return }
        for name in ["Location", "Content-Location"] {
            guard let value = HeaderLookup.value(name, in: response.headers),
                let target = URL(string: value, relativeTo: base)?.absoluteURL,
                target.host == base.host, target.port == base.port, target.scheme == base.scheme
            else { continue }
            cache.invalidate(url: target.absoluteString)
        }
    }

    /// The stored entry as a response, with an `Age` header (RFC 9111 §5.1).
    static func response(from entry: CacheEntry, age: TimeInterval) -> CacheableResponse {
        CacheableResponse(
            status: entry.status,
            headers: HeaderLookup.setting("Age", to: DeltaSeconds.headerValue(age), in: entry.headers),
            body: entry.body)
    }
}

/// The keys being refreshed in the background, so a burst of stale hits starts one refresh.
final class BackgroundRefreshes: Sendable {
    private let keys = Locked(Set<CacheKey>())

    /// Claims `key`; false when a refresh for it is already running.
    func begin(_ key: CacheKey) -> Bool { keys.withLock { $0.insert(key).inserted } }

    /// Releases `key`.
    func end(_ key: CacheKey) { _ = keys.withLock { $0.remove(key) } }
}
