import Foundation

/// The credentials one call sends: for each scheme of the alternative chosen for it, the
/// authenticator and the credential it supplied. Resolved once when the call starts
/// (`CredentialCaptureStage`, so that the cache partition, `Vary` and the request that is actually
/// sent all see the same credentials — an account switch during a retry backoff cannot change
/// them half-way through the call) or before every attempt, and applied to every attempt
/// (`AuthInterceptor`), with refreshed credentials in place of rejected ones on a replay.
///
/// Holds secrets in memory only; `material` feeds a keyed hash and is never stored or logged.
struct CallCredentials: Sendable {
    /// One scheme's authenticator and credential (`nil`: the authenticator had none to send).
    struct Entry: Sendable {
        var scheme: AuthScheme
        var authenticator: AnyAuthenticator
        var credential: AnyCredential?
    }

    /// In the order of the alternative's schemes.
    var entries: [Entry] = []
    /// The names of the request headers the credentials set or change (lower-cased), `Cookie` included.
    private(set) var headerNames: Set<String> = []
    /// The names of the query parameters the credentials add (lower-cased).
    private(set) var queryNames: Set<String> = []
    /// One unambiguous text of everything sent (headers and the URL they change), for a keyed hash.
    private(set) var material = ""

    /// Whether the call sends no credentials at all.
    var isEmpty: Bool { material.isEmpty }

    /// Credentials of `entries`; what they change on `request` is their footprint (`headerNames`, `material`).
    init(entries: [Entry] = [], footprintOn request: HTTPRequest? = nil) throws {
        self.entries = entries
        guard let request else { return }
        let sent = try applied(to: request)
        let before = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        var parts: [String] = []
        for header in sent.headers where before[header.name.lowercased()] != header.value {
            headerNames.insert(header.name.lowercased())
            parts.append("h:\(header.name.lowercased()):\(header.value)")
        }
        if sent.url != request.url {
            parts.append("u:" + sent.url.absoluteString)
            let before = Set(Self.queryNames(of: request.url))
            queryNames = Set(Self.queryNames(of: sent.url).filter { !before.contains($0) })
        }
        material = parts.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// `request` with these credentials, each scheme's from `replacements` when it has one
    /// (refreshed after a rejection).
    func applied(to request: HTTPRequest, replacing replacements: [AuthScheme: AnyCredential] = [:]) throws
        -> HTTPRequest
    {
        var request = request
        for entry in entries {
            guard let credential = replacements[entry.scheme] ?? entry.credential else { continue }
            try entry.authenticator.apply(credential, for: entry.scheme, to: &request)
        }
        return request
    }

    private static func queryNames(of url: URL) -> [String] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { $0.name.lowercased() }
    }
}
