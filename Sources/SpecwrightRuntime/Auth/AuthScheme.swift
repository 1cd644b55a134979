import Foundation

/// One way of sending credentials (an OpenAPI security scheme, or the spec's `auth:`).
public enum AuthScheme: Sendable, Hashable {
    /// No authentication.
    case none
    /// `Authorization: Bearer <token>` from `ClientConfiguration.tokenProvider`, refreshed on 401.
    /// OAuth 2 and OpenID Connect schemes are sent this way: the app obtains the token.
    case bearer
    /// `Authorization: Basic <base64(user:password)>` (RFC 7617) from
    /// `ClientConfiguration.basicCredentialsProvider`.
    case basic
    /// An API key in the named header, from `ClientConfiguration.apiKeys` / `.apiKeyProvider`.
    case apiKeyHeader(String)
    /// An API key in the named query parameter, from `ClientConfiguration.apiKeys` / `.apiKeyProvider`.
    case apiKeyQuery(String)
    /// An API key in the named cookie (`Cookie: name=key`), from `ClientConfiguration.apiKeys` / `.apiKeyProvider`.
    case apiKeyCookie(String)

    /// The header, query parameter or cookie name of an API-key scheme.
    public var apiKeyName: String? {
        switch self {
        case .apiKeyHeader(let name), .apiKeyQuery(let name), .apiKeyCookie(let name): name
        case .none, .bearer, .basic: nil
        }
    }
}

/// The credentials an endpoint asks for.
///
/// Generated OpenAPI clients give every operation its own requirement (the operation's
/// `security`, else the document's); Specwright specs give one to endpoints with their own `auth:`.
public enum AuthRequirement: Sendable, Hashable {
    /// The service's `AuthScheme` applies (hand-written endpoints, spec endpoints without `auth:`).
    case inherit
    /// No credentials are attached and a 401 never starts a token refresh (login, public endpoints).
    case none
    /// Alternatives, each a combination of schemes that are all sent: `[[.bearer], [.apiKeyHeader("X-Key")]]`
    /// is "a bearer token or an API key", `[[.apiKeyHeader("X-App-Id"), .apiKeyHeader("X-App-Key")]]`
    /// is "both keys". An empty alternative (`[]`, OpenAPI's `{}`) allows anonymous access.
    /// The client sends the first non-empty alternative whose credentials the app configured
    /// (see `ClientConfiguration`), else none when anonymous access is allowed, else the first
    /// alternative (the parts of it that are configured).
    case anyOf([[AuthScheme]])

    /// The requirement with `.inherit` replaced by `service`'s scheme; never `.inherit`.
    public func resolved(inheriting service: AuthScheme) -> AuthRequirement {
        switch self {
        case .inherit: service == .none ? .none : .anyOf([[service]])
        case .none, .anyOf: self
        }
    }

    /// The alternatives (`.none` and `.inherit` have none).
    public var alternatives: [[AuthScheme]] {
        if case .anyOf(let alternatives) = self { return alternatives }
        return []
    }
}
