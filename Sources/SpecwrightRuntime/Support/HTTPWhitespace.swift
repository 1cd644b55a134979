/// Optional whitespace (RFC 9110 §5.6.3: space and horizontal tab) handled byte by byte.
///
/// Header parsing runs on every cache hit; Foundation's `trimmingCharacters(in:)` bridges through
/// `NSString` on Linux (thousands of instructions per call), so the cache's parsers use these.
enum HTTPWhitespace {
    /// Whether `byte` is SP or HTAB.
    static func isOptionalWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `text` without leading and trailing SP/HTAB.
    static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isOptionalWhitespace($0) }),
            let last = utf8.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return text[text.endIndex...] }
        // OWS is ASCII, so the first kept byte starts a scalar and the byte after the last ends one.
        return text[first..<utf8.index(after: last)]
    }

    /// Whether `text` equals `lowercaseName` ignoring ASCII case (`lowercaseName` is lower-case).
    static func equalsIgnoringCase(_ text: Substring, _ lowercaseName: StaticString) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == lowercaseName.utf8CodeUnitCount else { return false }
        return lowercaseName.withUTF8Buffer { name in
            var index = 0
            for byte in utf8 {
                let folded = (byte >= 65 && byte <= 90) ? byte + 32 : byte
                if folded != name[index] { return false }
                index += 1
            }
            return true
        }
    }
}
