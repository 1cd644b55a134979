/// Reads a JSON document into the same located node tree the YAML parser builds.
///
/// JSON is not fed to libyaml: libyaml 0.2.5 rejects surrogate-pair escapes such as
/// `"\ud83d\udc4d"`, which real documents (Twilio's OpenAPI description) contain. This reader is
/// iterative (an explicit stack, bounded by `limits.maxDepth`), validates UTF-8, rejects
/// duplicate keys when asked to, and reports every error at its line and column.
public enum JSONReader {
    /// Parses one JSON text. An input of only white space gives a null scalar at 1:1.
    public static func parseDocument(_ bytes: [UInt8], file: String, options: YAMLParseOptions = .init())
        throws(YAMLError) -> Node
    {
        if bytes.count > options.limits.maxBytes {
            throw YAMLError(
                .inputTooLarge, "the input is \(bytes.count) bytes, more than the limit of \(options.limits.maxBytes)",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        let result: Result<Node, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            if let bad = UTF8Validator.firstInvalidOffset(in: buffer) {
                let (line, column) = UTF8Validator.lineAndColumn(of: bad, in: buffer)
                return .failure(
                    YAMLError(
                        .invalidUTF8, "invalid UTF-8 byte 0x\(String(buffer[bad], radix: 16, uppercase: true))",
                        at: SourceLocation(file: file, line: line, column: column)))
            }
            var reader = JSONTokenReader(bytes: buffer, file: file, options: options)
            do throws(YAMLError) {
                return .success(try reader.readDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether the bytes look like a JSON document (the first non-space character is `{` or `[`).
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }
}

/// The cursor and grammar of `JSONReader`: one pass over the bytes, no recursion.
struct JSONTokenReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    /// `file`'s index in `FileNames`, looked up once per reader.
    private let fileID: UInt32
    private let options: YAMLParseOptions
    private var offset = 0
    private var line = 1
    private var column = 1

    /// An open collection on the explicit stack. It is changed in place (`stack[top]`), never
    /// popped and pushed back, so that appending an element does not copy the elements before it.
    private struct Frame {
        let start: SourceLocation
        let isObject: Bool
        var items: [Node] = []
        var entries: [MappingEntry] = []
        /// The key whose value is being read (objects only).
        var key: Node?
        var index = DuplicateKeyIndex()
    }

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, options: YAMLParseOptions) {
        self.bytes = bytes
        self.file = file
        fileID = FileNames.id(for: file)
        self.options = options
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    private var here: SourceLocation { SourceLocation(fileID: fileID, line: line, column: column) }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Moves past one byte, keeping line and column (columns count Unicode scalars).
    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private func error(_ message: String, at location: SourceLocation) -> YAMLError {
        YAMLError(.syntax, message, at: location)
    }

    private func describeNext() -> String {
        guard let byte = peek() else { return "the end of the input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Reads the single JSON value that must make up the whole input.
    mutating func readDocument() throws(YAMLError) -> Node {
        skipWhitespace()
        if peek() == nil { return YAMLParser.emptyDocument(file: file) }
        var stack: [Frame] = []
        while true {
            guard var node = try readValueOrOpen(&stack) else { continue }
            // Close as many collections as this value completes.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if peek() != nil {
                        throw error("unexpected \(describeNext()) after the JSON value", at: here)
                    }
                    return node
                }
                skipWhitespace()
                let top = stack.count - 1
                if stack[top].isObject {
                    let key = stack[top].key ?? node
                    if options.rejectDuplicateKeys {
                        // Moved out and back so that the index's table stays uniquely referenced.
                        var index = stack[top].index
                        stack[top].index = DuplicateKeyIndex()
                        if let first = index.firstOccurrence(of: key, in: stack[top].entries) {
                            throw YAMLError(
                                .duplicateKey,
                                "duplicate key '\(DuplicateKeyIndex.describe(key))' (first defined at \(first.line):\(first.column))",
                                at: key.location)
                        }
                        stack[top].index = index
                    }
                    stack[top].entries.append(MappingEntry(key: key, value: node))
                    if peek() == UInt8(ascii: ",") {
                        advance()
                        stack[top].key = try readKey()
                    } else if peek() == UInt8(ascii: "}") {
                        advance()
                        let frame = stack.removeLast()
                        node = Node(kind: .mapping(frame.entries), location: frame.start, isFlow: true)
                        continue
                    } else {
                        throw error("expected ',' or '}' in object, found \(describeNext())", at: here)
                    }
                } else {
                    stack[top].items.append(node)
                    if peek() == UInt8(ascii: ",") {
                        advance()
                    } else if peek() == UInt8(ascii: "]") {
                        advance()
                        let frame = stack.removeLast()
                        node = Node(kind: .sequence(frame.items), location: frame.start, isFlow: true)
                        continue
                    } else {
                        throw error("expected ',' or ']' in array, found \(describeNext())", at: here)
                    }
                }
                break
            }
        }
    }

    /// Reads a scalar (returned) or opens a non-empty collection (pushed; returns nil).
    private mutating func readValueOrOpen(_ stack: inout [Frame]) throws(YAMLError) -> Node? {
        skipWhitespace()
        let start = here
        guard let byte = peek() else { throw error("unexpected end of the input, expected a JSON value", at: start) }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if stack.count >= options.limits.maxDepth {
                throw YAMLError(
                    .nestingLimit, "collections nest deeper than \(options.limits.maxDepth) levels", at: start)
            }
            advance()
            skipWhitespace()
            if byte == UInt8(ascii: "[") {
                if peek() == UInt8(ascii: "]") {
                    advance()
                    return Node(kind: .sequence([]), location: start, isFlow: true)
                }
                stack.append(Frame(start: start, isObject: false))
            } else {
                if peek() == UInt8(ascii: "}") {
                    advance()
                    return Node(kind: .mapping([]), location: start, isFlow: true)
                }
                let key = try readKey()
                stack.append(Frame(start: start, isObject: true, key: key))
            }
            return nil
        case UInt8(ascii: "\""):
            let text = try readString()
            return Node(kind: .scalar(Scalar(text: text, style: .doubleQuoted, value: .string(text))), location: start)
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true), at: start)
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false), at: start)
        case UInt8(ascii: "n"): return try readLiteral("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber(at: start)
        default: throw error("unexpected \(describeNext()), expected a JSON value", at: start)
        }
    }

    /// Reads `"key"` and the `:` after it.
    private mutating func readKey() throws(YAMLError) -> Node {
        skipWhitespace()
        let start = here
        guard peek() == UInt8(ascii: "\"") else {
            throw error("expected a string key in object, found \(describeNext())", at: start)
        }
        let text = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected ':' after object key, found \(describeNext())", at: here)
        }
        advance()
        return Node(kind: .scalar(Scalar(text: text, style: .doubleQuoted, value: .string(text))), location: start)
    }

    private mutating func readLiteral(_ word: String, _ value: ScalarValue, at start: SourceLocation) throws(YAMLError)
        -> Node
    {
        for expected in word.utf8 {
            guard peek() == expected else { throw error("invalid literal, expected '\(word)'", at: start) }
            advance()
        }
        return Node(kind: .scalar(Scalar(text: word, style: .plain, value: value)), location: start)
    }

    private mutating func readNumber(at start: SourceLocation) throws(YAMLError) -> Node {
        let begin = offset
        var isInteger = true
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else {
            throw error("invalid number: expected a digit", at: here)
        }
        if first == UInt8(ascii: "0") {
            advance()
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard requireDigit() else { throw error("invalid number: expected a digit after '.'", at: here) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard requireDigit() else { throw error("invalid number: expected a digit in the exponent", at: here) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<offset]), as: UTF8.self)
        let value: ScalarValue
        if isInteger {
            value = Int(text).map(ScalarValue.int) ?? .bigInt(text)
        } else {
            value = .float(Double(text) ?? .nan)
        }
        return Node(kind: .scalar(Scalar(text: text, style: .plain, value: value)), location: start)
    }

    private mutating func skipDigits() {
        while let byte = peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { advance() }
    }

    private mutating func requireDigit() -> Bool {
        guard let byte = peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
        skipDigits()
        return true
    }

    /// Reads a string starting at its opening quote; handles every escape including surrogate pairs.
    private mutating func readString() throws(YAMLError) -> String {
        advance()  // opening quote
        let begin = offset
        // Fast path: no escapes.
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            if byte < 0x20 {
                throw error("control character in string (escape it as \\u00\(String(byte, radix: 16)))", at: here)
            }
            advance()
        }
        guard let stop = peek() else { throw error("unterminated string", at: here) }
        if stop == UInt8(ascii: "\"") {
            advance()
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<(offset - 1)]), as: UTF8.self)
        }
        var buffer = Array(bytes[begin..<offset])
        while true {
            guard let byte = peek() else { throw error("unterminated string", at: here) }
            if byte == UInt8(ascii: "\"") {
                advance()
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error("control character in string (escape it as \\u00\(String(byte, radix: 16)))", at: here)
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                advance()
                continue
            }
            let escapeStart = here
            advance()
            guard let escaped = peek() else { throw error("unterminated string", at: here) }
            advance()
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try readUnicodeEscape(startingAt: escapeStart)
                buffer.append(contentsOf: String(Character(scalar)).utf8)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in string", at: escapeStart)
            }
        }
    }

    /// Reads the hex digits of `\uXXXX` (already past `\u`), joining a surrogate pair.
    private mutating func readUnicodeEscape(startingAt start: SourceLocation) throws(YAMLError) -> Unicode.Scalar {
        let high = try readHex4(escapeAt: start)
        if (0xDC00...0xDFFF).contains(high) {
            throw error("invalid Unicode escape: unpaired low surrogate \\u\(String(high, radix: 16))", at: start)
        }
        guard (0xD800...0xDBFF).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid Unicode escape", at: start) }
            return scalar
        }
        guard peek() == UInt8(ascii: "\\") else {
            throw error(
                "invalid Unicode escape: high surrogate \\u\(String(high, radix: 16)) without a low surrogate",
                at: start)
        }
        advance()
        guard peek() == UInt8(ascii: "u") else {
            throw error(
                "invalid Unicode escape: high surrogate \\u\(String(high, radix: 16)) without a low surrogate",
                at: start)
        }
        advance()
        let low = try readHex4(escapeAt: start)
        guard (0xDC00...0xDFFF).contains(low) else {
            throw error(
                "invalid Unicode escape: high surrogate \\u\(String(high, radix: 16)) without a low surrogate",
                at: start)
        }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(combined) else { throw error("invalid Unicode escape", at: start) }
        return scalar
    }

    private mutating func readHex4(escapeAt start: SourceLocation) throws(YAMLError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("unterminated Unicode escape", at: start) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid Unicode escape: expected 4 hex digits", at: start)
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }
}
