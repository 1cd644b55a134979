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
        guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
            throw SpecwrightError(.invalidRequest("the value of header '\(name)' contains CR, LF or NUL"))
        }
    }

    /// Checks every field of `headers`.
    static func check(_ headers: [HTTPHeader]) throws(SpecwrightError) {
        for header in headers { try check(name: header.name, value: header.value) }
    }

    /// `token = 1*tchar`; `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
    /// "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
