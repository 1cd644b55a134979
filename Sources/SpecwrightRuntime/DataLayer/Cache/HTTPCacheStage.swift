import Foundation

/// The cache stage of the pipeline: decides from the stored copy and the endpoint's mode whether
/// to answer from the cache, revalidate, or go to the network, and stores what comes back.
struct HTTPCacheStage: Sendable {
    /// Sends the request with extra (conditional) headers and returns the raw response;
    /// `isBackgroundRefresh` is true for stale-while-revalidate refreshes nobody waits for.
    typealias Network =
        @Sendable (_ extraHeaders: [String: String], _ isBackgroundRefresh: Bool) async throws
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
    /// though unsafe methods still invalidate) with `lifetime` deciding freshness. `classify`
    /// tells transport failures and server errors from other errors.
    func perform(
        _ request: CacheableRequest, mode: CacheMode?, lifetime: CacheLifetime = .server,
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
        // Taken before the lookup: what is removed from now on is not stored back by this read.
        let call = Call(
            request: request, key: CacheKey(account: request.account, url: request.url), mode: mode,
            authority: mode.ttl == nil ? .server : lifetime, classify: classify, mark: cache.removals.mark())
        let stored = cache.lookup(call.key, requestHeaders: request.headers)?.entry
        let now = now()
        switch CacheDecision.decide(
            mode: mode, entry: stored, requestHeaders: request.headers, now: now, lifetime: call.authority)
        {
        case let .fresh(entry, age):
            let isStale = age >= CacheDecision.lifetime(of: entry, mode: mode, authority: call.authority)
            return (Self.response(from: entry, age: age), CacheInfo(source: .cache, age: age, isStale: isStale))
        case let .serveStaleAndRefresh(entry, age):
            let conditional = CacheDecision.conditionalHeaders(for: entry)
            if refreshes.begin(call.key) {
                // Nobody's call: its store is a change every observer hears, the one reading included.
                Task {
                    await CacheChanges.$origin.withValue(nil) {
                        _ = try? await fetch(call, stored: entry, conditional: conditional) {
                            try await network($0, true)
                        }
                        refreshes.end(call.key)
                    }
                }
            }
            return (Self.response(from: entry, age: age), CacheInfo(source: .cache, age: age, isStale: true))
        case let .revalidate(entry, _, conditional):
            return try await fetch(call, stored: entry, conditional: conditional) { try await network($0, false) }
        case .miss:
            if mode == .cacheOnly { throw SpecwrightError(.notCached) }
            return try await fetch(call, stored: stored, conditional: [:]) { try await network($0, false) }
        }
    }

    /// One cached GET: its key, mode, who decides freshness, and how failures are classified.
    private struct Call: Sendable {
        var request: CacheableRequest
        var key: CacheKey
        var mode: CacheMode
        var authority: CacheLifetime
        var classify: @Sendable (any Error) -> CacheFailureKind
        /// Before the lookup: an answer is not stored when a removal since then covers it.
        var mark: CacheRemovalLog.Mark
    }

    private func fetch(
        _ call: Call, stored: CacheEntry?, conditional: [String: String],
        network: @Sendable ([String: String]) async throws -> CacheableResponse
    ) async throws -> (response: CacheableResponse, info: CacheInfo) {
        let requestTime = now()
        let response: CacheableResponse
        do {
            response = try await network(conditional)
        } catch {
            let kind = call.classify(error)
            if kind != .other, let fallback = fallback(stored, call: call, kind: kind) {
                return fallback
            }
            throw error
        }
        let responseTime = now()
        let sentHeaders = response.sentHeaders ?? call.request.headers
        if response.status == 304, let stored {
            let refreshed = stored.refreshed(
                with: response.headers, requestTime: requestTime, responseTime: responseTime)
            // Merged only when the 304 answered the partition's own credentials (`mayStore`).
            if response.mayStore {
                if CacheFreshness.isStorable(
                    status: refreshed.status, responseHeaders: refreshed.headers, requestHeaders: sentHeaders,
                    lifetime: call.authority, shared: call.key.account.isEmpty)
                {
                    cache.store(refreshed, ifNotRemovedSince: call.mark)
                } else {
                    cache.remove(call.key)
                }
            }
            let age = CacheFreshness.currentAge(of: refreshed, now: responseTime)
            return (Self.response(from: refreshed, age: age), CacheInfo(source: .revalidated, age: age, isStale: false))
        }
        if [500, 502, 503, 504].contains(response.status),
            let fallback = fallback(stored, call: call, kind: .serverError)
        {
            return fallback
        }
        guard response.mayStore else { return (response, .network) }
        if CacheFreshness.isStorable(
            status: response.status, responseHeaders: response.headers, requestHeaders: sentHeaders,
            lifetime: call.authority, shared: call.key.account.isEmpty),
            let variant = CacheVariant(
                varyHeader: HeaderLookup.value("Vary", in: response.headers), requestHeaders: sentHeaders)
        {
            cache.store(
                CacheEntry(
                    key: call.key, variant: variant, status: response.status, headers: response.headers,
                    body: response.body,
                    requestTime: requestTime, responseTime: responseTime, operation: call.request.operation),
                ifNotRemovedSince: call.mark)
        } else if stored != nil, response.status != 304 {
            cache.remove(call.key)
        }
        return (response, .network)
    }

    private func fallback(_ stored: CacheEntry?, call: Call, kind: CacheFailureKind) -> (
        response: CacheableResponse, info: CacheInfo
    )? {
        let now = now()
        guard let stored,
            CacheDecision.mayServeOnError(
                mode: call.mode, entry: stored, requestHeaders: call.request.headers,
                isTransportFailure: kind == .transport, now: now,
                lifetime: call.authority)
        else { return nil }
        let age = CacheFreshness.currentAge(of: stored, now: now)
        return (Self.response(from: stored, age: age), CacheInfo(source: .cache, age: age, isStale: true))
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
