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
    ///
    /// It is a stream of states, not of events: it holds only the newest value, so a consumer
    /// slower than the changes skips the intermediate ones and always receives the latest; a
    /// burst of changes costs the observer one cache read, and its memory stays constant. The
    /// observer's own reads are not reported to metrics as failures when nothing is stored.
    ///
    /// A stream shows one user's data: it belongs to the account (or credentials) signed in when it
    /// starts, and it finishes — without yielding — as soon as a read would be another's (the user
    /// signed out and another signed in; without an account identity, also after a token refresh,
    /// which starts a new cache partition).
    public func observe<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type
    ) -> AsyncThrowingStream<APIResponse<R>, any Error> {
        let (stream, continuation) = AsyncThrowingStream<APIResponse<R>, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let task = Task { await observation(endpoint, as: type, into: continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func observation<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type,
        into continuation: AsyncThrowingStream<APIResponse<R>, any Error>.Continuation
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
        let context: CallContext
        do {
            context = try builder.build(endpoint)
        } catch {
            continuation.finish(throwing: error)
            return
        }
        let owner = await currentPartition(of: context, fingerprint: cache.fingerprint)
        // Whether what was just read is still the owner's: checked after each read, so a read made
        // with another user's credentials is never shown.
        let isOwners = { await self.currentPartition(of: context, fingerprint: cache.fingerprint) == owner }
        let subscription = cache.changes.subscribe(url: context.request.url.absoluteString)  // before the first read
        defer { subscription.cancel() }
        // The changes this observer's own reads and fetches cause are not reported back to it.
        await CacheChanges.$origin.withValue(ObjectIdentifier(subscription)) {
            let stored = await storedCopy(endpoint, as: type)
            guard await isOwners() else { return continuation.finish() }
            if let stored { continuation.yield(stored) }
            let refresh: CacheOverride = stored != nil ? .policy(.networkFirst(ttl: .infinity)) : .endpointDefault
            do {
                let fetched = try await response(endpoint, as: type, cache: refresh)
                guard await isOwners() else { return continuation.finish() }
                continuation.yield(fetched)
            } catch {
                if stored == nil {
                    continuation.finish(throwing: error)
                    return
                }
            }
            for await _ in subscription.wakeups {
                let pending = subscription.take()
                let stored = await storedCopy(endpoint, as: type)
                let fetched = stored == nil ? try? await response(endpoint, as: type) : nil
                guard await isOwners() else { break }
                // Still stored after a removal only: the removal did not touch this entry.
                if let stored, pending.stored { continuation.yield(stored) }
                if let fetched { continuation.yield(fetched) }
            }
            continuation.finish()
        }
    }

    /// The stored copy of `endpoint` (`cacheOnly`), or nil; when nothing is stored the read is not
    /// reported to metrics (it is the observer looking, not a call that failed offline).
    private func storedCopy<R: Decodable & Sendable>(_ endpoint: some Endpoint, as type: R.Type) async -> APIResponse<
        R
    >? {
        try? await decodedRefetchingUndecodableCopy(
            CacheOverridingEndpoint(base: endpoint, override: .cacheOnly), as: type, reportsNotCached: false)
    }
}
