import Foundation

/// The checks an outbox request passes when it is enqueued and again right before it is sent
/// (the SQLite file may have been edited in between): headers that cannot split a header line,
/// and a destination on the client's own origin over an allowed scheme — so a crafted row cannot
/// send the app's credentials anywhere else.
enum OutboxRequestCheck {
    /// Every header is a `[name, value]` pair with a token name and a value without CR, LF or NUL.
    static func headers(of request: OutboxRequest) throws(SpecwrightError) {
        for header in request.headers {
            guard header.count == 2 else {
                throw SpecwrightError(
                    .invalidRequest("an outbox header must be a [name, value] pair, not \(header.count) strings"))
            }
            try HeaderValidation.check(name: header[0], value: header[1])
        }
    }

    /// `url` with the scheme, host and port spelled as in `baseURL`, provided it has the origin
    /// (RFC 6454: scheme, host, port) of `baseURL`, no user info, and a scheme the client may use
    /// (`https`, or `http` to loopback or with `allowsInsecureHTTP`).
    static func destination(_ url: URL, baseURL: URL, allowsInsecureHTTP: Bool) throws(SpecwrightError) -> URL {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if let problem = RequestBuilder.problem(with: components, allowsInsecureHTTP: allowsInsecureHTTP) {
            throw SpecwrightError(.invalidRequest("stored URL refused: \(problem)"))
        }
        guard url.user == nil, url.password == nil else {
            throw SpecwrightError(.invalidRequest("stored URL refused: it carries user info"))
        }
        guard let origin = Origin(url), origin == Origin(baseURL) else {
            let expected = Origin(baseURL).map(\.description) ?? "none"
            let found = Origin(url).map(\.description) ?? "none"
            throw SpecwrightError(
                .invalidRequest("stored URL refused: origin \(found) is not the client's origin \(expected)"))
        }
        // The same origin may be spelled differently (`HTTP://`, `:443`); send it as the base URL spells it.
        guard var normalized = components, let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            return url
        }
        normalized.scheme = base.scheme
        normalized.host = base.host
        normalized.port = base.port
        return normalized.url ?? url
    }

    /// Scheme, host and port, with the scheme's default port filled in and case folded.
    struct Origin: Equatable, CustomStringConvertible {
        var scheme: String
        var host: String
        var port: Int

        init?(_ url: URL) {
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            guard let scheme = components?.scheme?.lowercased(), let host = components?.host?.lowercased(),
                !host.isEmpty
            else {
                return nil
            }
            guard let port = components?.port ?? ["http": 80, "https": 443][scheme] else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
        }

        var description: String { "\(scheme)://\(host):\(port)" }
    }
}
