/// What ``SourcePrinter`` needs to know about UTF-8 bytes. Every byte the printer's decisions look
/// at (brackets, quotes, commas, spaces, `//`) is ASCII, and no byte of a multi-byte UTF-8 sequence
/// is ASCII, so scanning bytes finds exactly what scanning Unicode scalars finds; these helpers
/// answer the few questions that need the scalar or the `Character` around a byte, and take the
/// slow path only when the bytes involved are not ASCII.
enum UTF8Facts {
    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")

    /// Whether `byte` continues a multi-byte sequence (it does not start a scalar).
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The number of Unicode scalars in `bytes`.
    static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var continuations = 0
        for byte in bytes where isContinuation(byte) { continuations += 1 }
        return bytes.count - continuations
    }

    private static let spaces = [UInt8](repeating: space, count: 64)

    /// Appends `count` spaces to `output`.
    static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        var remaining = count
        while remaining > 0 {
            let run = min(remaining, spaces.count)
            output.append(contentsOf: spaces[..<run])
            remaining -= run
        }
    }

    /// Whether every byte is ASCII (one byte = one scalar = one `Character`, except `\r\n`).
    static func isASCII<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var union: UInt8 = 0
        for byte in bytes { union |= byte }
        return union < 0x80
    }

    /// The scalar whose last byte is at `index`.
    static func scalar(endingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var start = index
        while start > 0, isContinuation(bytes[start]) { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...index]), as: UTF8.self).unicodeScalars.first
            ?? " "
    }

    /// Whether `scalar` can end a type name, so a `<` after it opens generic arguments.
    static func endsName(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return isASCIILetterOrDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "?")
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether the scalar ending at `index` (ASCII fast path) can end a type name.
    static func endsName(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return endsName(Unicode.Scalar(byte)) }
        return endsName(scalar(endingAt: index, in: bytes))
    }

    /// Whether every scalar of `bytes` is a letter, a digit, `_` or `$` (an identifier of a
    /// closure's parameter list).
    static func isIdentifier(_ bytes: ArraySlice<UInt8>) -> Bool {
        if isASCII(bytes) {
            return bytes.allSatisfy { isASCIILetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "$"
        }
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")
    }

    @inline(__always)
    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether the ASCII byte at `index` is a `Character` of its own: no grapheme cluster joins
    /// it to the scalar before (a prepended mark) or after (a combining mark, a joiner). Always
    /// true between ASCII bytes.
    static func isOwnCharacter(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let before = index > 0 ? bytes[index - 1] : 0
        let after = index + 1 < bytes.count ? bytes[index + 1] : 0
        if before < 0x80, after < 0x80 { return true }
        var start = index
        if before >= 0x80 {
            start -= 1
            while start > 0, isContinuation(bytes[start]) { start -= 1 }
        }
        var end = index + 1
        if after >= 0x80 {
            end += 1
            while end < bytes.count, isContinuation(bytes[end]) { end += 1 }
        }
        let scalars = (before >= 0x80 ? 1 : 0) + 1 + (after >= 0x80 ? 1 : 0)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).count == scalars
    }
}
