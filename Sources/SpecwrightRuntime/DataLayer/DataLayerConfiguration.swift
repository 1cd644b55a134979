import Foundation

/// The data layer's part of `ClientConfiguration`: the HTTP cache, whose account a request
/// belongs to, session-expiry notification, the config gate and read de-duplication. Where its
/// stages sit in the pipeline: `CallPipeline`.
public struct DataLayerConfiguration: Sendable {
    /// The HTTP cache; nil disables caching (every `CachePolicy` then behaves as `networkOnly`).
    public var cache: HTTPCache?
    /// The identity of the signed-in account (e.g. a user id), used to partition the cache and the
    /// de-duplication of reads, so one user's data is never served to another. Nil (the default):
    /// requests that carry credentials are partitioned by a keyed hash of those credentials (a
    /// new token starts a new partition), requests without credentials share the anonymous one.
    /// Return the identity that belongs to the token the token provider hands out at that moment.
    public var accountIdentity: @Sendable () async -> String?
    /// Where "session expired" is published, once per session.
    public var session: SessionExpiry
    /// The config gate.
    public var gate: ConfigGate
    /// Whether concurrent identical GET/HEAD calls share one network call. Off by default: code
    /// that polls or counts requests would otherwise see fewer calls than it made.
    public var deduplicatesReads: Bool

    /// Creates a configuration; every parameter has a default (no cache, anonymous, a fresh
    /// `SessionExpiry`, a `ConfigGate` that learns the gate endpoint, de-duplication off).
    public init(
        cache: HTTPCache? = nil, accountIdentity: @escaping @Sendable () async -> String? = { nil },
        session: SessionExpiry = SessionExpiry(), gate: ConfigGate = ConfigGate(), deduplicatesReads: Bool = false
    ) {
        self.cache = cache
        self.accountIdentity = accountIdentity
        self.session = session
        self.gate = gate
        self.deduplicatesReads = deduplicatesReads
    }

    /// Call on logout: removes `account`'s cached responses and closes the config gate.
    public func didLogOut(account: String) {
        cache?.removeAll(for: account)
        gate.reset()
    }

    /// The identity that partitions the cache: `accountIdentity`, else the token provider's
    /// signed-in account.
    func partitionIdentity(signedInAccount: (@Sendable () async -> String?)?) -> @Sendable () async -> String? {
        guard let signedInAccount else { return accountIdentity }
        let accountIdentity = self.accountIdentity
        return {
            if let identity = await accountIdentity() { return identity }
            return await signedInAccount()
        }
    }

    /// Call after a successful login: re-arms session-expiry notification.
    public func didLogIn() {
        session.didLogIn()
    }
}
