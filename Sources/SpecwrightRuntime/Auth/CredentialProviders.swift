import Foundation

/// The credential providers an app configured, and which alternative of an endpoint's
/// `AuthRequirement` they satisfy.
///
/// The choice depends only on which providers are set, never on what they return at the moment,
/// so the request side (`AuthInterceptor`) and the 401 handling (`AttemptLoop`) always agree on it.
struct CredentialProviders: Sendable {
    let tokenProvider: TokenProvider?
    let basic: (@Sendable () async throws -> BasicCredentials?)?
    let apiKeys: (@Sendable (_ name: String) async throws -> String?)?
    let apiKey: (@Sendable () async throws -> String?)?

    init(_ configuration: ClientConfiguration) {
        tokenProvider = configuration.tokenProvider
        basic = configuration.basicCredentialsProvider
        apiKeys = configuration.apiKeys
        apiKey = configuration.apiKeyProvider
    }

    /// Whether the app configured a provider for `scheme`.
    func isConfigured(_ scheme: AuthScheme) -> Bool {
        switch scheme {
        case .none: true
        case .bearer: tokenProvider != nil
        case .basic: basic != nil
        case .apiKeyHeader, .apiKeyQuery, .apiKeyCookie: apiKeys != nil || apiKey != nil
        }
    }

    /// The schemes to send for `requirement` (`.inherit` meaning `service`): the first non-empty
    /// alternative whose schemes are all configured; else none when an alternative is empty
    /// (anonymous access allowed); else the first alternative, of which only the configured
    /// schemes can be sent (so the server's 401 says what is missing).
    func alternative(for requirement: AuthRequirement, service: AuthScheme) -> [AuthScheme] {
        let alternatives = requirement.resolved(inheriting: service).alternatives
        if let satisfied = alternatives.first(where: { !$0.isEmpty && $0.allSatisfy(isConfigured) }) { return satisfied }
        if alternatives.contains(where: \.isEmpty) { return [] }
        return alternatives.first ?? []
    }

    /// Whether a 401 answered to `call` may start a token refresh: only when the alternative
    /// sent for it includes a bearer token. Public endpoints (`.none`, or anonymous access)
    /// and endpoints authenticated otherwise never refresh.
    func refreshesOn401(_ call: CallContext) -> Bool {
        alternative(for: call.options.auth, service: call.service.auth).contains(.bearer)
    }

    /// The key for the API-key scheme named `name`: `apiKeys(name)`, else `apiKeyProvider()`.
    func apiKey(named name: String) async throws -> String? {
        if let apiKeys, let key = try await apiKeys(name) { return key }
        return try await apiKey?()
    }
}
