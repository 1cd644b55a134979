import SpecwrightYAML

extension SpecDecoder {
    /// Parses `/books/{id}`; reports unbalanced braces, empty or invalid path variable names and
    /// path variables used twice, pointing at the column inside the path.
    mutating func decodePath(_ node: Node) -> Located<PathTemplate>? {
        guard let text = word(node, "the path") else { return nil }
        if let template = Self.wellFormedASCIIPath(text) { return Located(template, at: node.location) }
        // Anything else (non-ASCII text, or a path with a problem to report) goes the long way.
        let scalars = Array(text.unicodeScalars)
        let start: SourceLocation
        switch node.scalar?.style {
        case .singleQuoted?, .doubleQuoted?: start = node.location.advanced(by: 1)
        default: start = node.location
        }
        guard scalars.first == "/" else {
            diagnostics.error("the path '\(NodeDescription.excerpt(text))' must start with '/'", at: node.location)
            return nil
        }
        if let bad = scalars.firstIndex(where: { $0 == "?" || $0 == "#" || $0 == " " || $0.value < 0x20 }) {
            diagnostics.error(
                "the path must not contain '\(scalars[bad].escaped(asASCII: true))'; declare query parameters under 'query'",
                at: start.advanced(by: bad))
            return nil
        }
        var parts: [PathTemplate.Part] = []
        var literal = String.UnicodeScalarView()
        var seen: [String] = []  // a path has a few parameters: a list, not a hash set
        var valid = true
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                diagnostics.error("unmatched '}' in path", at: start.advanced(by: index))
                return nil
            }
            guard scalar == "{" else {
                literal.append(scalar)
                index += 1
                continue
            }
            guard let close = scalars[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                scalars[close] == "}"
            else {
                diagnostics.error("unclosed '{' in path", at: start.advanced(by: index))
                return nil
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            if name.isEmpty || SwiftName.lowerCamelCase(name) == nil {
                diagnostics.error(
                    "path parameter '{\(name)}' needs a name made of letters and digits", at: start.advanced(by: index))
                valid = false
            } else if seen.contains(name) {
                diagnostics.error(
                    "path parameter '{\(name)}' appears more than once in the path", at: start.advanced(by: index))
                valid = false
            } else {
                seen.append(name)
            }
            if !literal.isEmpty {
                parts.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
            parts.append(.parameter(name))
            index = close + 1
        }
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        guard valid else { return nil }
        return Located(PathTemplate(text: text, parts: parts), at: node.location)
    }

    /// The template of an ASCII path that has none of the problems ``decodePath(_:)`` reports,
    /// read from its bytes; nil for any other path (which then takes the general route). Gives
    /// exactly the parts the general route gives.
    static func wellFormedASCIIPath(_ text: String) -> PathTemplate? {
        let parts = text.utf8.withContiguousStorageIfAvailable { bytes -> [PathTemplate.Part]? in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var parts: [PathTemplate.Part] = []
            var opening = 0
            for byte in bytes where byte == UInt8(ascii: "{") { opening += 1 }
            parts.reserveCapacity(2 * opening + 1)  // literal, parameter, literal, …: one allocation
            var literalStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard isPlainPathByte(byte) else { return nil }
                guard byte == UInt8(ascii: "{") else {
                    if byte == UInt8(ascii: "}") { return nil }
                    index += 1
                    continue
                }
                var close = index + 1
                while close < bytes.count, bytes[close] != UInt8(ascii: "}") {
                    guard isPlainPathByte(bytes[close]), bytes[close] != UInt8(ascii: "{") else { return nil }
                    close += 1
                }
                guard close < bytes.count, close > index + 1 else { return nil }
                let name = string((index + 1)..<close)
                guard SwiftName.lowerCamelCase(name) != nil, !parts.contains(.parameter(name)) else { return nil }
                if literalStart < index { parts.append(.literal(string(literalStart..<index))) }
                parts.append(.parameter(name))
                index = close + 1
                literalStart = index
            }
            if literalStart < bytes.count { parts.append(.literal(string(literalStart..<bytes.count))) }
            return parts
        }
        guard let parts = parts ?? nil else { return nil }
        return PathTemplate(text: text, parts: parts)
    }

    /// An ASCII byte the general route accepts anywhere in a path (no `?`, `#`, space, control).
    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80 && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "#")
    }

    /// Orders path parameters as the path does, adds undeclared ones as `String`, and reports
    /// declared ones the path does not contain.
    mutating func resolvePathParameters(_ path: Located<PathTemplate>, declared: [Parameter]) -> [Parameter] {
        let names = path.value.parameterNames
        for parameter in declared where !names.contains(parameter.name) {
            let hint = Suggestions.didYouMean(parameter.name, in: names)
            diagnostics.error(
                "path parameter '\(parameter.name)' does not appear in the path '\(NodeDescription.excerpt(path.value.text))'\(hint.text)",
                at: parameter.location, suggestion: hint.suggestion)
        }
        return names.map { name in
            if let parameter = declared.first(where: { $0.name == name }) { return parameter }
            let string = TypeUse(expression: .primitive(.string), location: path.location, references: [])
            return Parameter(
                name: name, type: string, defaultValue: nil, description: nil, isDeclared: false,
                location: path.location)
        }
    }
}
