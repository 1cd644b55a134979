import Foundation

/// Decides whether a header, query parameter, form field, multipart part or JSON member name
/// names a secret — by pattern, case-insensitively, in any spelling: `password`, `newPassword`,
/// `client_secret`, `X-Amz-Signature`, `sig`, `otp`, `x-api-key`, `apikey`, `access_key`,
/// `X-Amz-Credential`, `Authorization`, `sessionId`, `Set-Cookie`…
///
/// The name is split into words (at separators and camelCase boundaries, acronyms kept whole);
/// it is secret when a word — or all words run together — contains a long stem (`password`,
/// `secret`, `token`…), ends with a short one (`key`, `sig`, `otp`, `auth`, `pwd`), or is one
/// of a few short names (`pin`, `pass`, `sid`…). `author` or `design` are not secret; a few
/// harmless names (`monkey`) are redacted too — in logs, hiding too much is the safe mistake.
enum SecretNames {
    /// Words containing one of these are secret.
    static let containedStems = [
        "password", "passwd", "passphrase", "secret", "token", "signature", "credential", "cookie", "session",
        "apikey", "accesskey", "privatekey", "authorization", "authenticat", "jwt", "bearer"
    ]
    /// Words ending with one of these are secret (`apikey`, `totp`, `oauth`, `xsig`).
    static let suffixStems = ["key", "keys", "sig", "otp", "auth", "pwd"]
    /// Words that are secret only on their own.
    static let wholeWords: Set<String> = ["pass", "pin", "sid", "ssn", "cvv", "cvc", "csrf", "xsrf"]
    /// Names that match a pattern but are never secret (the key is sent to be logged and echoed).
    static let publicNames: Set<String> = ["idempotency-key"]

    /// Whether `name` names a secret.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if publicNames.contains(lowered) { return false }
        let words = self.words(of: name)
        guard !words.isEmpty else { return false }
        return (words + [words.joined()]).contains(where: isSecretWord)
    }

    private static func isSecretWord(_ word: String) -> Bool {
        if wholeWords.contains(word) { return true }
        if suffixStems.contains(where: { word.hasSuffix($0) }) { return true }
        return containedStems.contains(where: { word.contains($0) })
    }

    /// The lower-cased words of `name`: split at every character that is not an ASCII letter or
    /// digit, before an upper-case letter that follows a lower-case one, and before the last
    /// capital of an acronym followed by a lower-case letter (`OTPCode` → `otp`, `code`).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(name.utf8)
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self).lowercased()) }
            current.removeAll(keepingCapacity: true)
        }
        for (index, byte) in bytes.enumerated() {
            guard isAlphanumeric(byte) else {
                flush()
                continue
            }
            if isUpper(byte), let previous = current.last {
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next)) { flush() }
            }
            current.append(byte)
        }
        flush()
        return words
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }
}
