/// Parses type expressions in Swift syntax: `T`, `T?`, `[T]`, `[String: T]`, nested.
///
/// Errors carry the offset (in Unicode scalars) of the offending character so that the
/// diagnostic can point at the right column inside the YAML scalar.
public enum TypeExpressionParser {
    /// A malformed type expression.
    public struct Failure: Error, Hashable, Sendable {
        /// What is wrong, e.g. `expected ']' to close '['`.
        public let message: String
        /// Offset of the offending character in the expression text (Unicode scalars).
        public let offset: Int
    }

    /// A named type mentioned in an expression, with its offset in the text (Unicode scalars).
    public struct Reference: Hashable, Sendable {
        /// The type name.
        public let name: String
        /// Offset of the name's first character.
        public let offset: Int
    }

    /// A successfully parsed expression with the names it references.
    public struct Parsed: Hashable, Sendable {
        /// The expression.
        public let expression: TypeExpression
        /// Each named (non-built-in) type, in order of appearance.
        public let references: [Reference]
    }

    /// Nesting deeper than this is rejected (no spec needs it; hostile input cannot recurse deeply).
    public static let maxDepth = 32

    /// Parses `text` as a complete type expression.
    public static func parse(_ text: String) -> Result<Parsed, Failure> {
        // Fast path for the most common expression, a bare type name (`String`, `Book`).
        if isValidTypeName(text) { return .success(parseName(text)) }
        if let parsed = parseCommonCompound(text) { return .success(parsed) }
        return parseWithCursor(text)
    }

    /// The general parser (any nesting, spaces, every error message).
    static func parseWithCursor(_ text: String) -> Result<Parsed, Failure> {
        var parser = Cursor(Array(text.unicodeScalars))
        do throws(Failure) {
            parser.skipSpaces()
            if parser.isAtEnd { throw Failure(message: "empty type expression", offset: 0) }
            let expression = try parser.parseType(depth: 0)
            parser.skipSpaces()
            if let scalar = parser.peek {
                throw Failure(message: parser.unexpectedMessage(scalar, after: expression), offset: parser.position)
            }
            return .success(Parsed(expression: expression, references: parser.references))
        } catch {
            return .failure(error)
        }
    }

    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var position = 0
        var references: [Reference] = []

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var isAtEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { isAtEnd ? nil : scalars[position] }

        mutating func skipSpaces() {
            while let scalar = peek, scalar == " " || scalar == "\t" { position += 1 }
        }

        mutating func parseType(depth: Int) throws(Failure) -> TypeExpression {
            guard depth < TypeExpressionParser.maxDepth else {
                throw Failure(message: "type expression is nested too deeply", offset: position)
            }
            skipSpaces()
            var expression = try parsePrimary(depth: depth)
            skipSpaces()
            while peek == "?" {
                if expression.isOptional {
                    throw Failure(message: "redundant '?': the type is already optional", offset: position)
                }
                expression = .optional(expression)
                position += 1
                skipSpaces()
            }
            return expression
        }

        mutating func parsePrimary(depth: Int) throws(Failure) -> TypeExpression {
            guard let scalar = peek else {
                throw Failure(message: "expected a type", offset: position)
            }
            if scalar == "[" {
                let open = position
                position += 1
                skipSpaces()
                if peek == "]" { throw Failure(message: "expected an element type inside '[]'", offset: position) }
                let keyStart = position
                let first = try parseType(depth: depth + 1)
                skipSpaces()
                if peek == ":" {
                    guard first == .primitive(.string) else {
                        throw Failure(message: "dictionary keys must be 'String', not '\(first)'", offset: keyStart)
                    }
                    position += 1
                    skipSpaces()
                    if isAtEnd || peek == "]" {
                        throw Failure(message: "expected a value type after ':'", offset: position)
                    }
                    let value = try parseType(depth: depth + 1)
                    try expectClosingBracket(openedAt: open)
                    return .dictionary(value)
                }
                try expectClosingBracket(openedAt: open)
                return .array(first)
            }
            guard Self.isIdentifierStart(scalar) else {
                throw Failure(message: "expected a type name, found '\(scalar)'", offset: position)
            }
            let start = position
            while let next = peek, Self.isIdentifierContinue(next) { position += 1 }
            // Identifier scalars are ASCII, so each is one UTF-8 byte.
            let text = String(
                decoding: scalars[start..<position].lazy.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
            if let primitive = PrimitiveType.named(text) { return .primitive(primitive) }
            references.append(Reference(name: text, offset: start))
            return .named(text)
        }

        mutating func expectClosingBracket(openedAt open: Int) throws(Failure) {
            skipSpaces()
            guard let scalar = peek else {
                throw Failure(
                    message: "expected ']' to close the '[' at column \(open + 1) of the type", offset: position)
            }
            guard scalar == "]" else {
                throw Failure(message: "expected ']', found '\(scalar)'", offset: position)
            }
            position += 1
        }

        func unexpectedMessage(_ scalar: Unicode.Scalar, after expression: TypeExpression) -> String {
            switch scalar {
            case "[": "unexpected '[' after '\(expression)' (write an array as [T])"
            case "<": "unexpected '<' after '\(expression)' (write an array as [T], a dictionary as [String: T])"
            case "]": "unexpected ']' without a matching '['"
            default: "unexpected '\(scalar)' after '\(expression)'"
            }
        }

        static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
        }

        static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
            isIdentifierStart(scalar) || (0x30...0x39).contains(scalar.value)
        }
    }

    /// A text that ``isValidTypeName(_:)`` accepts, as an expression: a built-in or a reference.
    static func parseName(_ text: String) -> Parsed {
        if let primitive = PrimitiveType.named(text) {
            return Parsed(expression: .primitive(primitive), references: [])
        }
        return Parsed(expression: .named(text), references: [Reference(name: text, offset: 0)])
    }

    /// The compound forms large specs are made of — `T?`, `[T]`, `[T]?`, `[String: T]` and
    /// `[String: T]?` with `T` a bare name, written without extra spaces — read straight from
    /// the bytes, giving what the general parser gives for them; nil for any other text.
    static func parseCommonCompound(_ text: String) -> Parsed? {
        commonCompound(text).map { Parsed(expression: $0.expression, references: $0.reference.map { [$0] } ?? []) }
    }

    /// ``parseCommonCompound(_:)`` without building a list: these forms name at most one type.
    static func commonCompound(_ text: String) -> (expression: TypeExpression, reference: Reference?)? {
        let parsed = text.utf8.withContiguousStorageIfAvailable {
            bytes -> (expression: TypeExpression, reference: Reference?)? in
            var end = bytes.count
            let isOptional = end > 1 && bytes[end - 1] == UInt8(ascii: "?")
            if isOptional { end -= 1 }
            var expression: TypeExpression
            let reference: Reference?
            if end > 2, bytes[0] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]") {
                let isDictionary = hasDictionaryPrefix(bytes, before: end - 1)
                let start = isDictionary ? 1 + dictionaryPrefix.count : 1
                guard let element = bareName(bytes, start..<(end - 1)) else { return nil }
                expression = isDictionary ? .dictionary(element.expression) : .array(element.expression)
                reference = element.reference
            } else {
                guard isOptional, let name = bareName(bytes, 0..<end) else { return nil }
                expression = name.expression
                reference = name.reference
            }
            if isOptional { expression = .optional(expression) }
            return (expression, reference)
        }
        return parsed ?? nil
    }

    /// `String: ` (the only dictionary key type, written the usual way).
    private static let dictionaryPrefix = Array("String: ".utf8)

    /// Whether the bytes after the opening `[` start with ``dictionaryPrefix`` (and end before `end`).
    private static func hasDictionaryPrefix(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        guard 1 + dictionaryPrefix.count <= end else { return false }
        for index in dictionaryPrefix.indices where bytes[1 + index] != dictionaryPrefix[index] { return false }
        return true
    }

    /// The bytes in `range` as a bare type name with the reference it makes (nil for a
    /// built-in), or nil when they are not a name.
    private static func bareName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (
        expression: TypeExpression, reference: Reference?
    )? {
        guard let first = range.first, isIdentifierStartByte(bytes[first]) else { return nil }
        for index in range.dropFirst()
        where !(isIdentifierStartByte(bytes[index]) || (0x30...0x39).contains(bytes[index])) {
            return nil
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if let primitive = PrimitiveType.named(name) { return (.primitive(primitive), nil) }
        return (.named(name), Reference(name: name, offset: first))
    }

    /// Whether `name` could be written in a type expression (ASCII letter or `_`, then letters,
    /// digits or `_`).
    public static func isValidTypeName(_ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        guard let first = utf8.next(), isIdentifierStartByte(first) else { return false }
        while let byte = utf8.next() {
            guard isIdentifierStartByte(byte) || (0x30...0x39).contains(byte) else { return false }
        }
        return true
    }

    /// ASCII letter or `_` (bytes ≥ 0x80 never match, so non-ASCII names are rejected).
    private static func isIdentifierStartByte(_ byte: UInt8) -> Bool {
        byte == 0x5F || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
