import SpecwrightYAML

/// A JSON value for comparing node trees with the YAML test suite's `in.json`. Numbers are
/// compared as doubles; objects ignore key order.
enum JSONValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "\(n)"
        case .string(let s): return "\"\(s)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{"
                + members.keys.sorted().map { "\"\($0)\": \(members[$0]?.description ?? "")" }.joined(separator: ", ")
                + "}"
        }
    }

    /// The JSON a node tree stands for (scalar keys become their text).
    init(_ node: Node) {
        switch node.kind {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: self = .null
            case .bool(let b): self = .bool(b)
            case .int(let i): self = .number(Double(i))
            case .bigInt(let text): self = .number(Double(text) ?? .nan)
            case .float(let d): self = .number(d)
            case .string(let s): self = .string(s)
            }
        case .sequence(let items):
            self = .array(items.map(JSONValue.init))
        case .mapping(let entries):
            var members: [String: JSONValue] = [:]
            for entry in entries {
                members[entry.key.scalar?.text ?? "\(JSONValue(entry.key))"] = JSONValue(entry.value)
            }
            self = .object(members)
        }
    }
}

/// Reads a sequence of concatenated JSON texts (the suite's multi-document `in.json`).
struct JSONStreamReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// All values in the stream, in order.
    static func values(in bytes: [UInt8]) throws -> [JSONValue] {
        var reader = JSONStreamReader(bytes)
        var values: [JSONValue] = []
        reader.skipWhitespace()
        while reader.index < bytes.count {
            values.append(try reader.value())
            reader.skipWhitespace()
        }
        return values
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private func fail(_ what: String) -> Failure { Failure(description: "\(what) at byte \(index)") }

    private mutating func value() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard case .string(let key) = try value() else { throw fail("object key") }
                skipWhitespace()
                try expect(":")
                members[key] = try value()
                skipWhitespace()
                if try separatorEnds("}") { return .object(members) }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value())
                skipWhitespace()
                if try separatorEnds("]") { return .array(items) }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw fail("number")
            }
            return .number(number)
        }
    }

    private mutating func separatorEnds(_ close: Character) throws -> Bool {
        guard index < bytes.count else { throw fail("unterminated container") }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return false }
        if Character(Unicode.Scalar(byte)) == close { return true }
        throw fail("expected , or \(close)")
    }

    private mutating func expect(_ character: Character) throws {
        guard index < bytes.count, Character(Unicode.Scalar(bytes[index])) == character else {
            throw fail("expected \(character)")
        }
        index += 1
    }

    private mutating func literal(_ word: String) throws {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { throw fail("literal \(word)") }
        index = end
    }

    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { flush(); return String(scalars) }
            guard byte == UInt8(ascii: "\\") else { run.append(byte); continue }
            flush()
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("bad \\u escape") }
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else {
            throw fail("bad \\u escape")
        }
        index += 4
        return code
    }
}
