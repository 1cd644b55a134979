import Foundation

/// `Authorization: Basic <base64(user:password)>` (RFC 7617) from a provider of
/// `BasicCredentials`, asked for every call. Not refreshable: a 401 is `.unauthorized`.
///
/// The client makes one from `ClientConfiguration.basicCredentialsProvider` for `AuthScheme.basic`.
public struct BasicAuthenticator: Authenticator {
    /// Returns the user name and password to send, or `nil` for none.
    public var credentials: @Sendable () async throws -> BasicCredentials?

    /// Creates an authenticator for the credentials `credentials` returns.
    public init(credentials: @escaping @Sendable () async throws -> BasicCredentials?) {
        self.credentials = credentials
    }

    /// `credentials()`.
    public func credential(for scheme: AuthScheme) async throws -> BasicCredentials? {
        try await credentials()
    }

    /// Sets `Authorization: Basic …`; a user name with `:` is refused (`.invalidRequest`).
    public func apply(_ credential: BasicCredentials, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
        request.headers.setValue(try credential.headerValue(), for: "Authorization")
    }
}
