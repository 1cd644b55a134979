import SpecwrightYAML

extension SpecDecoder {
    /// Parses `/books/{id}`; reports unbalanced braces, empty or invalid path variable names and
    /// path variables used twice, pointing at the column inside the path.
    mutating func decodePath(_ node: Node) -> Located<PathTemplate>? {
        guard let text = word(node, "the path") else { return nil }
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
            diagnostics.error("the path must not contain '\(scalars[bad].escaped(asASCII: true))'; declare query parameters under 'query'", at: start.advanced(by: bad))
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
            guard let close = scalars[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }), scalars[close] == "}" else {
                diagnostics.error("unclosed '{' in path", at: start.advanced(by: index))
                return nil
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            if name.isEmpty || SwiftName.lowerCamelCase(name) == nil {
                diagnostics.error("path parameter '{\(name)}' needs a name made of letters and digits", at: start.advanced(by: index))
                valid = false
            } else if seen.contains(name) {
                diagnostics.error("path parameter '{\(name)}' appears more than once in the path", at: start.advanced(by: index))
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

    /// Orders path parameters as the path does, adds undeclared ones as `String`, and reports
    /// declared ones the path does not contain.
    mutating func resolvePathParameters(_ path: Located<PathTemplate>, declared: [Parameter]) -> [Parameter] {
        let names = path.value.parameterNames
        for parameter in declared where !names.contains(parameter.name) {
            let hint = Suggestions.didYouMean(parameter.name, in: names)
            diagnostics.error("path parameter '\(parameter.name)' does not appear in the path '\(NodeDescription.excerpt(path.value.text))'\(hint.text)", at: parameter.location, suggestion: hint.suggestion)
        }
        return names.map { name in
            if let parameter = declared.first(where: { $0.name == name }) { return parameter }
            let string = TypeUse(expression: .primitive(.string), location: path.location, references: [])
            return Parameter(name: name, type: string, defaultValue: nil, description: nil, isDeclared: false, location: path.location)
        }
    }
}
