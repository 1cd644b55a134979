import Foundation

/// Replaces the values of secret members in JSON text without parsing it into a tree: a single
/// pass over the bytes that recognises strings, `"name":` member names and the extent of the value
/// after them. It therefore works on what a log shows — a truncated prefix, several documents
/// (NDJSON), JSON after an XSSI guard (`)]}'`), JSON inside a multipart part — and costs one copy
/// of the (already capped) input. A secret member's value, whatever its type, becomes
/// `"<redacted>"`; an object or array value is replaced whole.
struct JSONSecretScanner {
    let isSecret: (String) -> Bool
    /// Redacts the text inside a string value that holds escaped JSON or other text (an echoed
    /// request body); `nil` at the deepest level.
    var nested: (([UInt8]) -> [UInt8])?

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let redactedValue = Array("\"\(Redactor.marker)\"".utf8)

    func redact(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            guard input[index] == Self.quote else {
                output.append(input[index])
                index += 1
                continue
            }
            let stringEnd = Self.endOfString(input, from: index)
            let token = input[index..<stringEnd]
            index = stringEnd
            var next = Self.skipSpace(input, from: index)
            guard next < input.count, input[next] == Self.colon else {
                output.append(contentsOf: redactInside(token))
                continue
            }
            output.append(contentsOf: token)
            guard isSecret(Self.decode(token)) else { continue }
            next = Self.skipSpace(input, from: next + 1)
            output.append(contentsOf: input[index..<next])
            guard next < input.count else { return output }
            output.append(contentsOf: Self.redactedValue)
            index = Self.endOfValue(input, from: next)
        }
        return output
    }

    /// A string value as it is, or — when it holds escaped text in which something was
    /// redacted — the redacted text escaped again.
    private func redactInside(_ token: ArraySlice<UInt8>) -> [UInt8] {
        guard let nested, token.contains(Self.backslash) else { return Array(token) }
        let terminated =
            token.count > 1 && token.last == Self.quote && Self.endOfString(Array(token), from: 0) == token.count
        let content = JSONStringEscaping.unescape(token.dropFirst().dropLast(terminated ? 1 : 0))
        let redacted = nested(content)
        guard redacted != content else { return Array(token) }
        return [Self.quote] + JSONStringEscaping.escape(redacted) + (terminated ? [Self.quote] : [])
    }

    /// The index after the string starting at `start` (its closing quote), or the end of the input.
    private static func endOfString(_ input: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < input.count {
            switch input[index] {
            case backslash: index += 2
            case quote: return index + 1
            default: index += 1
            }
        }
        return input.count
    }

    /// The index after the value starting at `start`: a string, a balanced object or array
    /// (strings inside skipped), or a literal up to the next delimiter.
    private static func endOfValue(_ input: [UInt8], from start: Int) -> Int {
        switch input[start] {
        case quote:
            return endOfString(input, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < input.count {
                switch input[index] {
                case quote:
                    index = endOfString(input, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return input.count
        default:
            var index = start
            while index < input.count, !",}] \t\r\n".utf8.contains(input[index]) { index += 1 }
            return index
        }
    }

    private static func skipSpace(_ input: [UInt8], from start: Int) -> Int {
        var index = start
        while index < input.count, " \t\r\n".utf8.contains(input[index]) { index += 1 }
        return index
    }

    /// The text of a quoted name (escapes such as `\u0070` decoded, so they cannot hide a name).
    private static func decode(_ quoted: ArraySlice<UInt8>) -> String {
        let inner = quoted.dropFirst().dropLast(quoted.last == quote && quoted.count > 1 ? 1 : 0)
        guard inner.contains(backslash) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: inner, as: UTF8.self)
    }
}

/// The escapes of JSON strings, for text that may be cut anywhere (an unfinished escape is dropped).
enum JSONStringEscaping {
    static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
                if byte != UInt8(ascii: "\\") { output.append(byte) }
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): output.append(10)
            case UInt8(ascii: "r"): output.append(13)
            case UInt8(ascii: "t"): output.append(9)
            case UInt8(ascii: "b"): output.append(8)
            case UInt8(ascii: "f"): output.append(12)
            case UInt8(ascii: "u"):
                let hex = bytes[index..<min(index + 4, bytes.endIndex)]
                index += hex.count
                if hex.count == 4, let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    output.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
            default: output.append(escaped)
            }
        }
        return output
    }

    static func escape(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 10: output += Array("\\n".utf8)
            case 13: output += Array("\\r".utf8)
            case 9: output += Array("\\t".utf8)
            case 0..<32: output += Array(String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        return output
    }
}
