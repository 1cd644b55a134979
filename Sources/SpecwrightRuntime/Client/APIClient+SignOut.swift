import Foundation

extension APIClient {
    /// Call when the user signs out, before the app forgets the token: removes the signed-in
    /// account's cached responses, discards the writes waiting in every outbox this client wrote
    /// to or flushed (`Outbox.discardAll()`: they must never be sent with the next user's
    /// credentials; read `Outbox.pending()` first to warn about unsent changes), closes the
    /// config gate and starts a new token refresh window (`RefreshWindow`: the refreshes of the
    /// user who left never end the next user's session; a refresh still on its way answers only
    /// the calls that sent the token it replaces). The account is the one the cache
    /// partitions by — `DataLayerConfiguration.accountIdentity`, else `TokenProvider.account` —
    /// or, with neither, the keyed hash of the credentials the service's requests carry now.
    /// Other accounts' entries stay. When the app has already cleared its session (so neither
    /// names anyone), the partition of the last call made with credentials is removed instead:
    /// the signed-out account's responses never stay behind because of the order. Returns the
    /// partition removed (nil when nothing could be identified: no cache, or no call with
    /// credentials or an account since the last sign-out).
    @discardableResult
    public func signOut() async -> String? {
        let dataLayer = configuration.dataLayer
        defer { dataLayer.gate.reset() }
        refreshers.reset()
        for outbox in outboxes.outboxes {
            // An outbox that cannot be written keeps its rows; its error shows on the next flush.
            try? outbox.discardAll()
        }
        let recorded = signedIn.take()
        guard let cache = dataLayer.cache else { return nil }
        let current = await signedInPartition(fingerprint: cache.fingerprint)
        // When the app already forgot who is signed in, the last partition a call was filed under.
        guard let partition = current?.isEmpty == false ? current : recorded else { return nil }
        cache.removeAll(for: partition)
        return partition
    }
}
