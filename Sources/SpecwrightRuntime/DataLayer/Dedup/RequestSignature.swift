import Foundation

/// What makes two requests interchangeable for in-flight de-duplication: method, URL, account
/// identity and every header value (a superset of the `Vary`'d headers, so two requests only
/// share a call when any server would answer them the same way).
struct RequestSignature: Sendable, Hashable {
    /// The key used by `InFlightDeduplicator`.
    let key: String

    /// The signature of a request; header names are compared case-insensitively.
    init(method: String, url: String, headers: [String: String], account: String) {
        let headerPart =
            headers
            .map { "\($0.key.lowercased()):\($0.value)" }
            .sorted()
            .joined(separator: "\u{1E}")
        key = [method.uppercased(), account, url, headerPart].joined(separator: "\u{1F}")
    }

    /// Whether requests with `method` may share a call (only safe, body-less reads).
    static func isShareable(method: String) -> Bool {
        let method = method.uppercased()
        return method == "GET" || method == "HEAD"
    }
}
