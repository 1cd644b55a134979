import Foundation

/// `Authorization: Bearer <token>` from a `TokenProvider` (OAuth 2, OpenID Connect and HTTP
/// bearer schemes): refreshed through `TokenProvider.refresh` when the server rejects the token,
/// and before it is sent when `TokenProvider.expiration` reports that it expires within
/// `TokenProvider.refreshMargin`.
///
/// The client makes one from `ClientConfiguration.tokenProvider` for `AuthScheme.bearer`; register
/// one yourself to send a token provider's tokens for another scheme.
public struct BearerAuthenticator: Authenticator {
    /// Where the tokens come from.
    public var provider: TokenProvider

    /// Creates an authenticator for `provider`'s tokens.
    public init(provider: TokenProvider) {
        self.provider = provider
    }

    /// `provider.token()`.
    public func credential(for scheme: AuthScheme) async throws -> String? {
        try await provider.token()
    }

    /// Sets `Authorization: Bearer <token>`; a token with CR, LF or NUL is refused (`.invalidRequest`).
    public func apply(_ credential: String, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
        try HeaderValidation.check(name: "Authorization", value: credential)
        request.headers.setValue("Bearer \(credential)", for: "Authorization")
    }

    /// Whether the provider reports an expiry within `refreshMargin` of `now` (or past).
    public func requiresRefresh(_ credential: String, now: Date) -> Bool {
        guard let expiry = provider.expiration?(credential) else { return false }
        return expiry.timeIntervalSince(now) <= provider.refreshMargin
    }

    /// Whether the provider can refresh.
    public var refreshes: Bool { provider.refresh != nil }

    /// `provider.refresh(rejected)`.
    public func refresh(_ rejected: String?, for scheme: AuthScheme) async throws -> String {
        guard let refresh = provider.refresh else {
            throw SpecwrightError(.sessionExpired("the token provider cannot refresh"))
        }
        return try await refresh(rejected)
    }
}
