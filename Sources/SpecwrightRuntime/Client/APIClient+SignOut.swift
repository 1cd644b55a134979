import Foundation

extension APIClient {
    /// Call when the user signs out, before the app forgets the token: removes the signed-in
    /// account's cached responses and closes the config gate. The account is the one the cache
    /// partitions by — `DataLayerConfiguration.accountIdentity`, else `TokenProvider.account` —
    /// or, with neither, the keyed hash of the credentials the service's requests carry now.
    /// Other accounts' entries stay. Returns the partition removed (nil when nothing could be
    /// identified: no cache, or no credentials and no account).
    @discardableResult
    public func signOut() async -> String? {
        let dataLayer = configuration.dataLayer
        defer { dataLayer.gate.reset() }
        guard let cache = dataLayer.cache else { return nil }
        let identity = await dataLayer.partitionIdentity(signedInAccount: configuration.tokenProvider?.account)()
        var partition = identity
        if partition == nil, let context = try? builder.build(SignOutProbe()) {
            let auth = AuthInterceptor(providers: CredentialProviders(configuration), clock: configuration.clock)
            if let credentials = try? await auth.resolve(for: context, proactive: false), !credentials.isEmpty {
                partition = CredentialCaptureStage.partition(identity: nil, credentials: credentials) {
                    cache.fingerprint($0)
                }
            }
        }
        guard let partition else { return nil }
        cache.removeAll(for: partition)
        return partition
    }
}

/// A request with the service's own credentials, used only to resolve them for `signOut()`.
private struct SignOutProbe: Endpoint {
    var operationName: String { "cache.signOut" }
    var method: HTTPMethod { .get }
    var pathSegments: [String] { [] }
}
