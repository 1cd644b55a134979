import Foundation

/// Finds the byte ranges of the members of a top-level JSON object without building the object,
/// so envelope unwrapping can hand the raw `data` bytes to the service decoder.
///
/// The scanner checks structure (balanced brackets, terminated strings, `key: value` pairs) but not
/// every token; each member value it returns is later decoded by `JSONDecoder`, which validates it.
enum JSONMemberScanner {
    /// Why a body is not a JSON object.
    struct Malformed: Error, Sendable, Equatable {
        /// The byte offset where scanning stopped.
        var offset: Int
        /// What was expected there.
        var expected: String
    }

    /// The members of the top-level object in `json`: name → byte range of the value.
    /// For a repeated name the last one wins (as in `JSONDecoder`).
    static func members(of json: Data) throws -> [String: Range<Int>] {
        try json.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Cursor(bytes: bytes)
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "{"), "an object")
            var result: [String: Range<Int>] = [:]
            scanner.skipWhitespace()
            if scanner.peek == UInt8(ascii: "}") { return result }
            while true {
                scanner.skipWhitespace()
                let keyRange = try scanner.skipString()
                let name = try Self.decodeKey(bytes, keyRange)
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "':'")
                scanner.skipWhitespace()
                let start = scanner.offset
                try scanner.skipValue()
                result[name] = start..<scanner.offset
                scanner.skipWhitespace()
                if scanner.peek == UInt8(ascii: ",") {
                    scanner.offset += 1
                    continue
                }
                try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
                return result
            }
        }
    }

    private static func decodeKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws -> String {
        let slice = bytes[range]
        if !slice.contains(UInt8(ascii: "\\")) {
            return String(decoding: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)], as: UTF8.self)
        }
        return try JSONDecoder().decode(String.self, from: Data(slice))
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                offset += 1
            }
        }

        mutating func expect(_ byte: UInt8, _ description: String) throws {
            guard peek == byte else { throw Malformed(offset: offset, expected: description) }
            offset += 1
        }

        /// Skips a string starting at the cursor; returns its range including the quotes.
        mutating func skipString() throws -> Range<Int> {
            let start = offset
            try expect(UInt8(ascii: "\""), "a string")
            while let byte = peek {
                offset += 1
                if byte == UInt8(ascii: "\\") {
                    offset += 1
                } else if byte == UInt8(ascii: "\"") {
                    return start..<offset
                }
            }
            throw Malformed(offset: offset, expected: "the end of a string")
        }

        /// Skips one value: a string, an object or array (brackets balanced), or a scalar token.
        mutating func skipValue() throws {
            guard let first = peek else { throw Malformed(offset: offset, expected: "a value") }
            switch first {
            case UInt8(ascii: "\""):
                _ = try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = peek {
                    switch byte {
                    case UInt8(ascii: "\""):
                        _ = try skipString()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                    default:
                        break
                    }
                    offset += 1
                    if depth == 0 { return }
                }
                throw Malformed(offset: offset, expected: "a closing bracket")
            default:
                let start = offset
                while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                    byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09
                {
                    offset += 1
                }
                if offset == start { throw Malformed(offset: offset, expected: "a value") }
            }
        }
    }
}
