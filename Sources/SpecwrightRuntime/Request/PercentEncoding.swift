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

    /// Throws `.invalidRequest` unless `segment` is a percent-encoded RFC 3986 path segment
    /// that keeps the path's structure: not empty, not `.` or `..` (also when decoded, as URL
    /// parsers treat `%2E`), only `pchar`s (unreserved, sub-delims, `:`, `@`) and `%XX` escapes.
    static func checkPathSegment(_ segment: String) throws(SpecwrightError) {
        let bytes = Array(segment.utf8)
        var index = 0
        var valid = !bytes.isEmpty
        while valid, index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                valid = index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
                index += 3
            } else {
                valid = isUnreserved(byte) || pathDelimiters.contains(byte)
                index += 1
            }
        }
        let decoded = segment.removingPercentEncoding
        guard valid, decoded != nil, decoded != ".", decoded != ".." else {
            throw SpecwrightError(.invalidRequest("path segment '\(segment)' would change the path structure"))
        }
    }

    /// A query value of a parameter with OpenAPI's `allowReserved`: RFC 6570's reserved expansion
    /// (`{+value}`) as far as a query can hold it. Unreserved characters, the reserved characters a
    /// query allows (`:/?@!$&'()*+,;=`) and `%XX` triples are sent as they are; `#`, `[` and `]`
    /// (which would end or break the query), a `%` that starts no triple, spaces, controls and
    /// non-ASCII (as UTF-8 bytes) are percent-encoded.
    static func encodeAllowingReserved(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                encoded += bytes[index...(index + 2)]
                index += 3
                continue
            }
            if isUnreserved(byte) || queryReserved.contains(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
            index += 1
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The reserved characters (RFC 3986 gen-delims and sub-delims) a query may hold as they are:
    /// all but `#`, `[` and `]`.
    private static let queryReserved = Set(":/?@!$&'()*+,;=".utf8)

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986's sub-delims, `:` and `@`: the `pchar`s beyond the unreserved set.
    private static let pathDelimiters = Set("!$&'()*+,;=:@".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
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
