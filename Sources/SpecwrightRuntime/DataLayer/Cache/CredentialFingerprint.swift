import Foundation
import SpecwrightDigest

/// Keyed hashes of credentials for partitions and `Vary` values, so neither the cache file nor
/// a de-duplication key ever holds a secret.
struct CredentialFingerprint: Sendable {
    /// The HMAC key: the cache's salt, or random bytes for a process.
    let salt: [UInt8]

    /// A fingerprint with a fresh random salt (memory-only use).
    static func random() -> CredentialFingerprint {
        var generator = SystemRandomNumberGenerator()
        return CredentialFingerprint(salt: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// HMAC-SHA-256 of `text` in hexadecimal.
    func callAsFunction(_ text: String) -> String {
        SHA256.hexadecimal(SHA256.hmac(key: salt, message: text.utf8))
    }

    /// `headers` with the values of credential-carrying fields (`Authorization`, `Cookie`,
    /// `Proxy-Authorization` and the API-key headers in `names`) replaced by their fingerprint, so
    /// `Vary: Authorization` still tells credentials apart without storing them.
    func masking(_ headers: [String: String], names: Set<String>) -> [String: String] {
        var result = headers
        for (name, value) in headers where Self.carriesCredential(name, names: names) {
            result[name] = "hmac:" + self(value)
        }
        return result
    }

    /// Whether the field `name` carries a credential; `names` are lower-case API-key header names.
    /// Compared without a lowered copy of `name` unless `names` is non-empty (runs on every cache hit).
    private static func carriesCredential(_ name: String, names: Set<String>) -> Bool {
        HTTPHeader.namesMatch(name, "authorization") || HTTPHeader.namesMatch(name, "cookie")
            || HTTPHeader.namesMatch(name, "proxy-authorization")
            || (!names.isEmpty && names.contains(name.lowercased()))
    }
}
