import Foundation

/// Supplies bearer tokens to the client and renews them.
///
/// `token` is asked before every attempt (return the token your app stores, or `nil` for none);
/// with an HTTP cache or read de-duplication it is asked once when a call starts, and every
/// attempt of that call sends that token, so the cache partition and the request always agree.
/// `refresh` is called — at most once at a time, however many requests get a 401 together —
/// with the token the server rejected; it returns the new token and should also store it so
/// `token` returns it from then on. Throwing from `refresh` ends the session (`sessionExpired`).
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

    /// Creates a provider.
    public init(
        token: @escaping @Sendable () async throws -> String?,
        refresh: (@Sendable (_ rejected: String?) async throws -> String)? = nil,
        account: (@Sendable () async -> String?)? = nil
    ) {
        self.token = token
        self.refresh = refresh
        self.account = account
    }
}

/// Limits token refreshes to `maxRefreshes` per `window` seconds, so a server that keeps
/// rejecting fresh tokens ends the session instead of causing a refresh storm.
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
