import Foundation

/// Percent-encoding that keeps only RFC 3986 "unreserved" characters, so no value can add a
/// path separator, query delimiter, fragment or escape of its own.
enum PercentEncoding {
    static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// Encodes every character outside the unreserved set (including `/`, `?`, `#`, `%`, `&`, `=`,
    /// `+`, space and non-ASCII, as UTF-8 bytes).
    static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `application/x-www-form-urlencoded` encoding: like `encode`, but a space becomes `+`.
    static func encodeFormComponent(_ text: String) -> String {
        encode(text).replacingOccurrences(of: "%20", with: "+")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
