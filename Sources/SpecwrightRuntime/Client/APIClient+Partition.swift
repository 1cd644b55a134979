import Foundation

extension APIClient {
    /// Whose data a call like `context` reads now: the partition `CredentialCaptureStage` gives it
    /// — the account identity (`DataLayerConfiguration.accountIdentity`, else `TokenProvider.account`),
    /// else the keyed hash of the credentials it would send, else `""` (anonymous). Nil when the
    /// credentials cannot be resolved (a provider failed).
    func currentPartition(of context: CallContext, fingerprint: CredentialFingerprint) async -> String? {
        let identity = configuration.dataLayer.partitionIdentity(signedInAccount: configuration.tokenProvider?.account)
        if let account = await identity() { return account }
        let auth = AuthInterceptor(providers: CredentialProviders(configuration), clock: configuration.clock)
        guard let credentials = try? await auth.resolve(for: context, proactive: false) else { return nil }
        return CredentialCaptureStage.partition(identity: nil, credentials: credentials) { fingerprint($0) }
    }

    /// `currentPartition(of:fingerprint:)` of a request with the service's own credentials: who is
    /// signed in. Nil when no request can be built or the credentials cannot be resolved.
    func signedInPartition(fingerprint: CredentialFingerprint) async -> String? {
        guard let context = try? builder.build(ServiceCredentialsProbe()) else { return nil }
        return await currentPartition(of: context, fingerprint: fingerprint)
    }
}

/// A request with the service's own credentials, used only to resolve them.
private struct ServiceCredentialsProbe: Endpoint {
    var operationName: String { "client.signedInAccount" }
    var method: HTTPMethod { .get }
    var pathSegments: [String] { [] }
}
