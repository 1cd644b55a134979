import Foundation

extension APIClient {
    /// Call when the user signs out, before the app forgets the token: removes the signed-in
    /// account's cached responses, discards the writes waiting in every outbox this client wrote
    /// to or flushed (`Outbox.discardAll()`: they must never be sent with the next user's
    /// credentials; read `Outbox.pending()` first to warn about unsent changes) and closes the
    /// config gate. The account is the one the cache
    /// partitions by — `DataLayerConfiguration.accountIdentity`, else `TokenProvider.account` —
    /// or, with neither, the keyed hash of the credentials the service's requests carry now.
    /// Other accounts' entries stay. Returns the partition removed (nil when nothing could be
    /// identified: no cache, or no credentials and no account).
    @discardableResult
    public func signOut() async -> String? {
        let dataLayer = configuration.dataLayer
        defer { dataLayer.gate.reset() }
        for outbox in outboxes.outboxes {
            // An outbox that cannot be written keeps its rows; its error shows on the next flush.
            try? outbox.discardAll()
        }
        guard let cache = dataLayer.cache, let partition = await signedInPartition(fingerprint: cache.fingerprint),
            !partition.isEmpty
        else { return nil }
        cache.removeAll(for: partition)
        return partition
    }
}
