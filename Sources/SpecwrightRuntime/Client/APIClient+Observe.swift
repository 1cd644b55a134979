import Foundation

extension APIClient {
    /// Live values of a read, for a screen to bind to (offline-first): yields the stored copy at
    /// once (no network), then the answer of one refresh (a conditional request when a copy is
    /// stored — `.revalidated` on a 304; the stored copy flagged `isNetworkFallback` when offline),
    /// then a new value whenever the cache changes for this URL: another call stored a fresher
    /// copy (the app's pull-to-refresh), or the entry was invalidated (a write, `invalidate`,
    /// sign-out) — then it is fetched again with the endpoint's policy.
    ///
    /// Each element is an `APIResponse` with the status, headers, `metadata.cacheStatus` and
    /// `metadata.cacheAge`. The stream fails only when it has nothing to show (no stored copy and
    /// the first fetch failed); later failures keep it open. Without an HTTP cache it yields one
    /// value and finishes. Cancelling the consuming task (or dropping the stream) ends it.
    public func observe<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type
    ) -> AsyncThrowingStream<APIResponse<R>, any Error> {
        let (stream, continuation) = AsyncThrowingStream<APIResponse<R>, any Error>.makeStream()
        let task = Task { await observation(endpoint, as: type, into: continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func observation<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type, into continuation: AsyncThrowingStream<APIResponse<R>, any Error>.Continuation
    ) async {
        guard let cache = configuration.dataLayer.cache else {
            do {
                continuation.yield(try await response(endpoint, as: type))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            return
        }
        let url: String
        do {
            url = try builder.build(endpoint).request.url.absoluteString
        } catch {
            continuation.finish(throwing: error)
            return
        }
        let changes = cache.changes.stream()  // before the first read: no change is missed
        var hasShown = false
        if let stored = try? await response(endpoint, as: type, cache: .cacheOnly) {
            continuation.yield(stored)
            hasShown = true
        }
        let refresh: CacheOverride = hasShown ? .policy(.networkFirst(ttl: .infinity)) : .endpointDefault
        // `seen` is taken before each yield: the changes this observer's own fetch caused are
        // skipped, and a change the consumer causes on receiving the value is not.
        var seen: UInt64
        do {
            let fresh = try await response(endpoint, as: type, cache: refresh)
            seen = cache.changes.sequence
            continuation.yield(fresh)
        } catch {
            seen = cache.changes.sequence
            if !hasShown {
                continuation.finish(throwing: error)
                return
            }
        }
        for await change in changes {
            guard change.sequence > seen, change.url == nil || change.url == url else { continue }
            var next: APIResponse<R>?
            if let stored = try? await response(endpoint, as: type, cache: .cacheOnly) {
                if case .stored = change.kind { next = stored }
            } else {
                next = try? await response(endpoint, as: type)
            }
            seen = cache.changes.sequence
            if let next { continuation.yield(next) }
        }
        continuation.finish()
    }
}
