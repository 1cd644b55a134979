/// Checks that input bytes are well-formed UTF-8 before libyaml sees them, so that a bad byte
/// is reported with its own line and column instead of as a confusing scanner error.
enum UTF8Validator {
    /// Returns the offset of the first byte that starts an ill-formed sequence, or nil when
    /// all bytes are valid UTF-8 (overlongs, surrogates and values above U+10FFFF are ill-formed).
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII fast path, eight bytes at a time.
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index)
                    .loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index &+= 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            if index &+ length > count { return index }
            let second = bytes[index &+ 1]
            if second < lower || second > upper { return index }
            var continuation = 2
            while continuation < length {
                let byte = bytes[index &+ continuation]
                if byte & 0xC0 != 0x80 { return index }
                continuation &+= 1
            }
            index &+= length
        }
        return nil
    }

    /// The 1-based line and column of `offset`, counting columns in Unicode scalars the way
    /// libyaml does and treating `\n`, `\r\n` and a lone `\r` as line breaks.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // The following \n ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
