import Foundation

/// How the credentials of one authentication scheme are obtained, applied to requests, found
/// rejected and renewed — the runtime's counterpart of Alamofire's `Authenticator`.
///
/// The built-in schemes are authenticators too (`BearerAuthenticator`, `BasicAuthenticator`,
/// `APIKeyAuthenticator`, made from `ClientConfiguration.tokenProvider`,
/// `basicCredentialsProvider` and `apiKeys`/`apiKeyProvider`). Register your own for a scheme in
/// `ClientConfiguration.authenticators`; it replaces the built-in one for that scheme and is used
/// exactly where an endpoint's `AuthRequirement` asks for the scheme.
///
/// What the runtime does with it, per call:
/// 1. `credential(for:)` — once per call when the HTTP cache or de-duplication is on (every
///    attempt of the call then sends it), else before every attempt. `nil` sends nothing.
/// 2. If `refreshes` and `requiresRefresh(_:now:)` says the credential is (about to be) expired,
///    it is refreshed **before** the request is sent (proactive refresh: the server sees no
///    rejected request).
/// 3. `apply(_:for:to:)` puts it on the request, after the common headers and before the app's
///    interceptors and the logger (which redacts it).
/// 4. When `isAuthenticationFailure(_:for:)` says the response rejected it (a 401 by default), or
///    the body is an envelope whose code is one of the service's `EnvelopeFormat.tokenExpiredCodes`,
///    the call waits for `refresh(_:for:)` and is replayed once with the new credential.
///
/// Refreshes are single-flight per scheme and client: any number of concurrent rejections share
/// one `refresh` call; a request that was sent with an older credential than the latest refreshed
/// one is replayed with the latest without a new refresh. A refresh that is rejected (throws
/// anything but the network's error), a rejection of the replay, or more refreshes than
/// `ClientConfiguration.refreshWindow` allows end the call as `.sessionExpired` (published once
/// through `SessionExpiry`); a refresh that cannot reach its server (throws a `URLError` of the
/// connection) keeps the session and fails the call with that error, retried per its policy; a
/// refresh still running after `ClientConfiguration.refreshTimeout` fails its waiters with `.timeout`.
public protocol Authenticator: Sendable {
    /// What is sent: a token, a key, a user and password, a signing key. Compared with `==` to
    /// tell whether a rejected request was sent with the latest refreshed credential.
    associatedtype Credential: Sendable & Equatable

    /// The credential to send for `scheme` now; `nil` sends nothing for it. An error ends the call
    /// and reaches the caller exactly as thrown (like an interceptor's).
    func credential(for scheme: AuthScheme) async throws -> Credential?

    /// Puts `credential` on `request` (a header, a query item, a cookie, a signature). Called for
    /// every attempt, on the request as built, with the common headers and the request id set.
    func apply(_ credential: Credential, for scheme: AuthScheme, to request: inout HTTPRequest) throws

    /// Whether `credential` must be renewed before it is sent (for example, it expires within a
    /// minute of `now`, the client clock's date). Only asked when `refreshes` is true. Default: `false`.
    func requiresRefresh(_ credential: Credential, now: Date) -> Bool

    /// Whether `response` rejected the credentials `request` carried. Default: a 401. The
    /// service's `EnvelopeFormat.tokenExpiredCodes` count as a rejection in addition.
    func isAuthenticationFailure(_ response: HTTPResponse, for request: HTTPRequest) -> Bool

    /// Whether `refresh(_:for:)` can renew the credential; without it a rejection ends the call
    /// with the server's answer (`.unauthorized` for a 401). Default: `false`.
    var refreshes: Bool { get }

    /// A new credential to replace `rejected` (`nil` when none was sent), which was rejected by
    /// the server or is about to expire. Store it so `credential(for:)` returns it from now on.
    /// Throwing ends the session (`.sessionExpired`), unless the error is the network's (a
    /// `URLError` of the connection, a `SpecwrightError` that could not reach the server): the
    /// session is then kept and the call fails with it. Default: throws.
    func refresh(_ rejected: Credential?, for scheme: AuthScheme) async throws -> Credential
}

extension Authenticator {
    /// Never proactively.
    public func requiresRefresh(_ credential: Credential, now: Date) -> Bool { false }

    /// A 401.
    public func isAuthenticationFailure(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        response.status == 401
    }

    /// Not refreshable.
    public var refreshes: Bool { false }

    /// Throws `SpecwrightError` session expired: this authenticator cannot refresh.
    public func refresh(_ rejected: Credential?, for scheme: AuthScheme) async throws -> Credential {
        throw SpecwrightError(.sessionExpired("\(type(of: self)) cannot refresh its credential"))
    }
}
