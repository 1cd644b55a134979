import Foundation

/// Which redirects a client follows, like Alamofire's `Redirector`. Whatever the policy, the runtime
/// never follows https → http, never follows to plain http unless the target is loopback (or the
/// original request's own origin), never leaves http/https, and sends credentials only to the
/// origin they were added for: on a redirect to another origin only the request's
/// `RedirectPolicy.headersKeptAcrossOrigins` go along — no `Authorization`, cookie, API-key or
/// other header an interceptor added.
public struct RedirectPolicy: Sendable, Hashable {
    /// One redirect the server asked for.
    public struct Redirect: Sendable, Hashable {
        /// The redirect's status (301, 302, 303, 307, 308).
        public var status: Int
        /// The URL of the request the client sent first (where its credentials belong).
        public var originalURL: URL
        /// The URL that answered with the redirect.
        public var fromURL: URL
        /// The `Location` the server points to.
        public var toURL: URL

        /// Creates a redirect description.
        public init(status: Int, originalURL: URL, fromURL: URL, toURL: URL) {
            self.status = status
            self.originalURL = originalURL
            self.fromURL = fromURL
            self.toURL = toURL
        }
    }

    /// What the transport does with a redirect.
    public enum Decision: Sendable, Hashable {
        /// Return the 3xx response as it is (the call then fails with its status).
        case refuse
        /// Follow; `keepsCredentials` is `false` when the target is another origin, and the
        /// transport then drops every header but `headersKeptAcrossOrigins`.
        case follow(keepsCredentials: Bool)
    }

    private enum Mode: Hashable {
        case follow, sameOrigin, never
        case custom(UUID)
    }

    private let mode: Mode
    private let decide: (@Sendable (Redirect) -> Bool)?

    /// Follows redirects to any origin (credentials stay behind when the origin changes).
    public static let follow = RedirectPolicy(mode: .follow, decide: nil)
    /// Follows redirects within the original request's origin only (scheme, host and port).
    public static let sameOrigin = RedirectPolicy(mode: .sameOrigin, decide: nil)
    /// Never follows: every 3xx is returned as it is.
    public static let never = RedirectPolicy(mode: .never, decide: nil)
    /// Asks `decide` for every redirect the safety rules allow (it cannot re-enable what they refuse).
    public static func custom(_ decide: @escaping @Sendable (Redirect) -> Bool) -> RedirectPolicy {
        RedirectPolicy(mode: .custom(UUID()), decide: decide)
    }

    /// `sameOrigin`: an API that moves a resource within itself keeps working, and a server (or an
    /// open redirect on it) cannot send the client, its request body or anything else to another host.
    public static let `default` = RedirectPolicy.sameOrigin

    /// Header fields sent along when a redirect leaves the original origin; all others stay behind.
    public static let headersKeptAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-type", "content-language", "user-agent"
    ]

    /// The decision for `redirect`: the safety rules first, then the policy.
    public func decision(for redirect: Redirect) -> Decision {
        guard let target = Origin(redirect.toURL), let original = Origin(redirect.originalURL) else { return .refuse }
        let from = Origin(redirect.fromURL)
        let sameOrigin = target == original
        if from?.scheme == "https", target.scheme == "http" { return .refuse }
        if target.scheme == "http", !LoopbackHost.contains(target.host), !sameOrigin { return .refuse }
        switch mode {
        case .never: return .refuse
        case .sameOrigin: return sameOrigin ? .follow(keepsCredentials: true) : .refuse
        case .follow: return .follow(keepsCredentials: sameOrigin)
        case .custom: return decide?(redirect) == true ? .follow(keepsCredentials: sameOrigin) : .refuse
        }
    }

    /// Policies are equal when their modes are (a custom decision closure cannot be compared).
    public static func == (lhs: RedirectPolicy, rhs: RedirectPolicy) -> Bool { lhs.mode == rhs.mode }

    /// Hashes the mode, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(mode) }

    /// Scheme, host and effective port (RFC 6454), lower-cased; `nil` unless http or https.
    private struct Origin: Hashable {
        let scheme: String
        let host: String
        let port: Int

        init?(_ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = components.host?.lowercased(), !host.isEmpty
            else { return nil }
            self.scheme = scheme
            self.host = host
            port = components.port ?? (scheme == "https" ? 443 : 80)
        }
    }
}
