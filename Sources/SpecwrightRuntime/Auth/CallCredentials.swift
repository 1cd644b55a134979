import Foundation

/// The credentials one call sends, resolved from the providers once and applied to every attempt
/// (`AuthInterceptor`). Captured when the call starts (`CredentialCaptureStage`) so that the cache
/// partition, `Vary` and the request that is actually sent all see the same credentials — an
/// account switch during a retry backoff cannot change them half-way through the call.
///
/// Holds secrets in memory only; `material` feeds a keyed hash and is never stored or logged.
struct CallCredentials: Sendable, Hashable {
    /// Header fields to set (`Authorization`, API-key headers), in the order the schemes apply.
    var headers: [HTTPHeader] = []
    /// `name=value` pairs appended to the `Cookie` header.
    var cookies: [String] = []
    /// Query items appended to the URL (API keys in the query).
    var queryItems: [HTTPHeader] = []
    /// Whether the alternative sent includes a bearer token (a refreshed token replaces it on replay).
    var includesBearer = false

    /// Whether the call sends no credentials at all.
    var isEmpty: Bool { headers.isEmpty && cookies.isEmpty && queryItems.isEmpty }

    /// The names of the request headers these credentials set (lower-cased), `Cookie` included.
    var headerNames: Set<String> {
        var names = Set(headers.map { $0.name.lowercased() })
        if !cookies.isEmpty { names.insert("cookie") }
        return names
    }

    /// One unambiguous text of everything sent, for a keyed hash (never stored).
    var material: String {
        let parts = headers.map { "h:\($0.name.lowercased()):\($0.value)" } + cookies.map { "c:\($0)" }
            + queryItems.map { "q:\($0.name):\($0.value)" }
        return parts.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// `request` with these credentials (and `replayToken` as the bearer token, after a refresh).
    func applied(to request: HTTPRequest, replayToken: String?) throws -> HTTPRequest {
        var request = request
        for header in headers { request.headers.setValue(header.value, for: header.name) }
        if includesBearer, let replayToken {
            try HeaderValidation.check(name: "Authorization", value: replayToken)
            request.headers.setValue("Bearer \(replayToken)", for: "Authorization")
        }
        for pair in cookies {
            let existing = request.headers.value(for: "Cookie")
            request.headers.setValue(existing.map { $0 + "; " + pair } ?? pair, for: "Cookie")
        }
        for item in queryItems {
            request.url = try RequestBuilder.appendingQueryItem(name: item.name, value: item.value, to: request.url)
        }
        return request
    }
}
