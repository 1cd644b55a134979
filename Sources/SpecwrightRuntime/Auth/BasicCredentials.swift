import Foundation

/// A user name and password for HTTP Basic authentication (RFC 7617).
///
/// Its `description` hides the password, so it can be printed or logged safely; the
/// `Authorization` header it becomes is redacted by the logger.
public struct BasicCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name; must not contain a colon (RFC 7617 §2).
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// `BasicCredentials(username: "…", password: <redacted>)`.
    public var description: String {
        "BasicCredentials(username: \"\(username)\", password: \(Redactor.marker))"
    }

    /// The `Authorization` header value: `Basic ` and the Base64 of `username:password` in UTF-8.
    func headerValue() throws(SpecwrightError) -> String {
        guard !username.contains(":") else {
            throw SpecwrightError(.invalidRequest("a Basic user name must not contain ':' (RFC 7617)"))
        }
        return "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }
}
