import Foundation

/// Refuses header names and values that could split or inject header lines. Every header a
/// request carries passes here before it can reach a transport: endpoint and service headers when
/// the request is built, and the whole header list again after the request interceptors ran (the
/// common headers with their configured names, the request id header, credentials, the app's
/// interceptors, and requests replayed from outbox rows).
enum HeaderValidation {
    /// Throws `invalidRequest` unless `name` is an RFC 9110 token (§5.1, §5.6.2) and `value` has
    /// no CR, LF or NUL (§5.5: a recipient could otherwise read them as a new line). The message
    /// shows the name escaped and never the value (it may be a credential).
    static func check(name: String, value: String) throws(SpecwrightError) {
        guard isToken(name) else {
            throw SpecwrightError(.invalidRequest("header name \(String(reflecting: name)) is not an RFC 9110 token"))
        }
        guard isSafeValue(value) else {
            throw SpecwrightError(.invalidRequest("the value of header '\(name)' contains CR, LF or NUL"))
        }
    }

    /// Checks every field of `headers`. Runs after every request interceptor of every attempt, so
    /// both checks are plain byte loops over the strings' UTF-8 storage (no closure or `String`
    /// scan per byte).
    static func check(_ headers: [HTTPHeader]) throws(SpecwrightError) {
        for header in headers { try check(name: header.name, value: header.value) }
    }

    /// `token = 1*tchar`; `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
    /// "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`.
    static func isToken(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            for byte in bytes where !isTokenCharacter(byte) { return false }
            return true
        }
    }

    /// Whether `value` is free of CR, LF and NUL.
    static func isSafeValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            for byte in bytes where byte <= 13 && (byte == 13 || byte == 10 || byte == 0) { return false }
            return true
        }
    }

    /// The `tchar` bytes as two 64-bit masks: bit `b` of `tokenLow` for bytes 0–63, bit `b − 64`
    /// of `tokenHigh` for bytes 64–127 (no byte above 127 is a `tchar`).
    private static let tokenLow: UInt64 = mask(
        "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", offset: 0)
    private static let tokenHigh: UInt64 = mask(
        "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", offset: 64)

    private static func mask(_ characters: String, offset: UInt8) -> UInt64 {
        var mask: UInt64 = 0
        for byte in characters.utf8 where byte >= offset && byte < offset + 64 { mask |= 1 << UInt64(byte - offset) }
        return mask
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        if byte < 64 { return tokenLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return tokenHigh & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
