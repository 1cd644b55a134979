import Foundation

/// Supplies bearer tokens to the client and renews them.
///
/// `token` is asked before every attempt (return the token your app stores, or `nil` for none; an
/// error it throws ends the call and reaches the caller exactly as thrown);
/// with an HTTP cache or read de-duplication it is asked once when a call starts, and every
/// attempt of that call sends that token, so the cache partition and the request always agree.
/// `refresh` is called — at most once at a time, however many requests get a 401 (or an envelope
/// token-expired code) together — with the token the server rejected; it returns the new token
/// and should also store it so `token` returns it from then on. Throwing from `refresh` ends the
/// session (`sessionExpired`) — unless it throws the network's error (a `URLError` such as
/// `.notConnectedToInternet`, or a `SpecwrightError` of a client that could not reach the
/// server): the session and the token are then kept, and the call fails with that error. When `expiration` reports when a token expires, a token that
/// expires within `refreshMargin` is refreshed before it is sent, so the server never sees it
/// expired. Sent through `BearerAuthenticator`.
public struct TokenProvider: Sendable {
    /// Returns the current token.
    public var token: @Sendable () async throws -> String?
    /// Obtains a new token after `rejected` got a 401; `nil` means refreshing is not possible.
    public var refresh: (@Sendable (_ rejected: String?) async throws -> String)?
    /// The signed-in account the current token belongs to (a user id your app knows — never
    /// derived from the token text); nil when signed out. When set, the HTTP cache and read
    /// de-duplication are partitioned by it (unless `DataLayerConfiguration.accountIdentity`
    /// names one), so an account keeps its cache across token refreshes and `APIClient.signOut()`
    /// can remove exactly its entries.
    public var account: (@Sendable () async -> String?)?
    /// When `token` expires (for a JWT: `TokenProvider.jwtExpiration`), or nil when unknown.
    public var expiration: (@Sendable (_ token: String) -> Date?)?
    /// How long before its `expiration` a token is refreshed proactively, in seconds (default 60).
    public var refreshMargin: TimeInterval

    /// Creates a provider.
    public init(
        token: @escaping @Sendable () async throws -> String?,
        refresh: (@Sendable (_ rejected: String?) async throws -> String)? = nil,
        account: (@Sendable () async -> String?)? = nil,
        expiration: (@Sendable (_ token: String) -> Date?)? = nil,
        refreshMargin: TimeInterval = 60
    ) {
        self.token = token
        self.refresh = refresh
        self.account = account
        self.expiration = expiration
        self.refreshMargin = refreshMargin.isNaN ? 60 : max(0, refreshMargin)
    }

    /// The `exp` claim of a JSON Web Token (RFC 7519 §4.1.4), or nil when `token` is not a JWT
    /// with a numeric `exp`. The signature is not checked: the date only schedules a refresh.
    public static func jwtExpiration(_ token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let exp = claims["exp"] as? NSNumber, exp.doubleValue.isFinite
        else { return nil }
        return Date(timeIntervalSince1970: exp.doubleValue)
    }
}

/// Limits credential refreshes to `maxRefreshes` per `window` seconds (per scheme), so a server
/// that keeps rejecting fresh tokens ends the session instead of causing a refresh storm.
public struct RefreshWindow: Sendable, Hashable {
    /// The most refreshes allowed inside one window.
    public var maxRefreshes: Int
    /// The window length in seconds.
    public var window: TimeInterval

    /// Creates a window.
    public init(maxRefreshes: Int, window: TimeInterval) {
        self.maxRefreshes = max(1, maxRefreshes)
        self.window = max(0, window)
    }

    /// At most 5 refreshes per 30 s — Alamofire's `AuthenticationInterceptor.RefreshWindow` default.
    public static let `default` = RefreshWindow(maxRefreshes: 5, window: 30)
}
