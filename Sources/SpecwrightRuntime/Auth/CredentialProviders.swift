import Foundation

/// The authenticators an app configured — its own (`ClientConfiguration.authenticators`) and the
/// built-in ones made from the token, Basic and API-key providers — and which alternative of an
/// endpoint's `AuthRequirement` they satisfy. Holds the single-flight refresher of each scheme.
///
/// The choice depends only on which authenticators are set, never on what they return at the
/// moment, so the request side and the rejection handling (`AuthInterceptor`) always agree on it.
struct CredentialProviders: Sendable {
    private let custom: [AuthScheme: AnyAuthenticator]
    private let bearer: AnyAuthenticator?
    private let basic: AnyAuthenticator?
    private let apiKey: AnyAuthenticator?
    /// One refresher per scheme, shared by every call of the client.
    let refreshers: RefresherRegistry
    /// The signed-in account now (`DataLayerConfiguration.accountIdentity`, else
    /// `TokenProvider.account`; nil when the app names none): a change starts a new refresh window.
    let account: @Sendable () async -> String?

    init(_ configuration: ClientConfiguration) {
        var custom: [AuthScheme: AnyAuthenticator] = [:]
        for (scheme, authenticator) in configuration.authenticators {
            custom[scheme] = AnyAuthenticator(authenticator)
        }
        self.custom = custom
        bearer = configuration.tokenProvider.map { AnyAuthenticator(BearerAuthenticator(provider: $0)) }
        basic = configuration.basicCredentialsProvider.map { AnyAuthenticator(BasicAuthenticator(credentials: $0)) }
        let apiKeys = configuration.apiKeys
        let apiKeyProvider = configuration.apiKeyProvider
        apiKey =
            apiKeys == nil && apiKeyProvider == nil
            ? nil
            : AnyAuthenticator(
                APIKeyAuthenticator { name in
                    // The key for the scheme named `name`: `apiKeys(name)`, else `apiKeyProvider()`.
                    if let apiKeys, let key = try await apiKeys(name) { return key }
                    return try await apiKeyProvider?()
                })
        refreshers = RefresherRegistry(
            window: configuration.refreshWindow, timeout: configuration.refreshTimeout, clock: configuration.clock)
        account = configuration.dataLayer.partitionIdentity(signedInAccount: configuration.tokenProvider?.account)
    }

    /// The authenticator of `scheme`: the app's, else the built-in one when its provider is set.
    func authenticator(for scheme: AuthScheme) -> AnyAuthenticator? {
        if let own = custom[scheme] { return own }
        switch scheme {
        case .none: return nil
        case .bearer: return bearer
        case .basic: return basic
        case .apiKeyHeader, .apiKeyQuery, .apiKeyCookie: return apiKey
        }
    }

    /// Whether the app configured an authenticator for `scheme`.
    func isConfigured(_ scheme: AuthScheme) -> Bool {
        scheme == .none || authenticator(for: scheme) != nil
    }

    /// The schemes to send for `requirement` (`.inherit` meaning `service`): the first non-empty
    /// alternative whose schemes are all configured; else none when an alternative is empty
    /// (anonymous access allowed); else the first alternative, of which only the configured
    /// schemes can be sent (so the server's 401 says what is missing).
    func alternative(for requirement: AuthRequirement, service: AuthScheme) -> [AuthScheme] {
        let alternatives = requirement.resolved(inheriting: service).alternatives
        if let satisfied = alternatives.first(where: { !$0.isEmpty && $0.allSatisfy(isConfigured) }) {
            return satisfied
        }
        if alternatives.contains(where: \.isEmpty) { return [] }
        return alternatives.first ?? []
    }
}

/// The single-flight refresher of each scheme of one client, made when first needed.
final class RefresherRegistry: Sendable {
    private let window: RefreshWindow
    private let timeout: TimeInterval
    private let clock: any RuntimeClock
    private let refreshers = Locked<[AuthScheme: SingleFlightRefresher<AnyCredential>]>([:])

    init(window: RefreshWindow, timeout: TimeInterval, clock: any RuntimeClock) {
        self.window = window
        self.timeout = timeout
        self.clock = clock
    }

    /// The refresher of `scheme`, which renews through `authenticator`.
    func refresher(for scheme: AuthScheme, authenticator: AnyAuthenticator) -> SingleFlightRefresher<AnyCredential> {
        refreshers.withLock { refreshers in
            if let existing = refreshers[scheme] { return existing }
            let made = SingleFlightRefresher<AnyCredential>(
                refresh: { try await authenticator.refresh($0, for: scheme) }, window: window, refreshTimeout: timeout,
                clock: clock)
            refreshers[scheme] = made
            return made
        }
    }

    /// A new session for every scheme (`APIClient.signOut()`): see `SingleFlightRefresher.reset()`.
    func reset() {
        for refresher in refreshers.withLock({ Array($0.values) }) { refresher.reset() }
    }
}
