import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides whether a URL host is the loopback interface, the only place plain `http://` may go
/// without `ClientConfiguration.allowsInsecureHTTP` (the base URL) and the only plain-http target a
/// redirect may lead to.
///
/// Loopback means exactly: an IPv4 literal in `127.0.0.0/8` written as four decimal octets, the
/// IPv6 literal `::1` (bracketed or not, any spelling of that one address), or the name
/// `localhost` (RFC 6761 §6.3; case-insensitive, no trailing dot, no subdomains). Everything else —
/// `127.0.0.1.evil.example`, `127.evil.example`, `127.0.0.1.nip.io`, `localhost.evil.example` — is a
/// DNS name a resolver may point anywhere, so it is not loopback. Shorthand and octal forms
/// (`127.1`, `0177.0.0.1`) are refused too: resolvers disagree on what they mean.
enum LoopbackHost {
    /// Whether `host` (as `URLComponents.host` or `URL.host` returns it) is loopback.
    static func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { return false }
            return isIPv6Loopback(String(host.dropFirst().dropLast()))
        }
        if host.contains(":") { return isIPv6Loopback(host) }
        return ipv4Octets(host)?.first == 127
    }

    /// The four octets of a dotted-decimal IPv4 literal (no leading zeros, each 0...255), or `nil`.
    static func ipv4Octets(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        octets.reserveCapacity(4)
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ ("0"..."9").contains($0) }),
                part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// Whether `text` is an IPv6 literal (without brackets or zone id) for `::1`.
    private static func isIPv6Loopback(_ text: String) -> Bool {
        guard !text.contains("%"), text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        return bytes.count == 16 && bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
    }
}
