import Foundation

/// An API key in a header, a query parameter or a cookie (`AuthScheme.apiKeyHeader`,
/// `.apiKeyQuery`, `.apiKeyCookie`), looked up by the scheme's name. Not refreshable.
///
/// The client makes one from `ClientConfiguration.apiKeys` (else `apiKeyProvider`) that serves
/// every API-key scheme.
public struct APIKeyAuthenticator: Authenticator {
    /// Returns the key sent under `name` (the header, query parameter or cookie name), or `nil` for none.
    public var key: @Sendable (_ name: String) async throws -> String?

    /// Creates an authenticator for the keys `key` returns.
    public init(key: @escaping @Sendable (_ name: String) async throws -> String?) {
        self.key = key
    }

    /// The key for the scheme's name (`nil` for a scheme that is not an API key).
    public func credential(for scheme: AuthScheme) async throws -> String? {
        guard let name = scheme.apiKeyName else { return nil }
        return try await key(name)
    }

    /// Sets the header, appends the query item, or adds `name=key` to `Cookie`. A header value
    /// with CR, LF or NUL, or a cookie name or value RFC 6265 does not allow, is refused (`.invalidRequest`).
    public func apply(_ credential: String, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
        switch scheme {
        case .apiKeyHeader(let name):
            try HeaderValidation.check(name: name, value: credential)
            request.headers.setValue(credential, for: name)
        case .apiKeyQuery(let name):
            request.url = try RequestBuilder.appendingQueryItem(name: name, value: credential, to: request.url)
        case .apiKeyCookie(let name):
            let pair = try Self.cookie(name: name, value: credential)
            let existing = request.headers.value(for: "Cookie")
            request.headers.setValue(existing.map { $0 + "; " + pair } ?? pair, for: "Cookie")
        case .none, .bearer, .basic:
            break
        }
    }

    /// `name=value` for a `Cookie` header; refuses what RFC 6265 §4.1.1 does not allow in a
    /// cookie name (a token) or value (cookie-octets), rather than send a header the server splits differently.
    static func cookie(name: String, value: String) throws(SpecwrightError) -> String {
        let separators = Set("()<>@,;:\\\"/[]?={} \t".utf8)
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 32 && $0 < 127 && !separators.contains($0) }) else {
            throw SpecwrightError(.invalidRequest("invalid cookie name '\(name)'"))
        }
        let forbidden = Set("\",;\\ ".utf8)
        guard value.utf8.allSatisfy({ $0 > 32 && $0 < 127 && !forbidden.contains($0) }) else {
            throw SpecwrightError(.invalidRequest("the value of cookie '\(name)' has characters a cookie cannot carry"))
        }
        return name + "=" + value
    }
}
