import SpecwrightYAML

extension SpecDecoder {
    static let typeDefinitionKeys = ["description", "properties", "enum"]
    static let propertyKeys = ["type", "key", "description", "default", "null"]

    mutating func decodeTypes(_ node: Node) -> [TypeDefinition] {
        if let scalar = node.scalar, case .null = scalar.value { return [] }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of type names to definitions for 'types', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var types: [TypeDefinition] = []
        types.reserveCapacity(mapping.count)
        for entry in mapping {
            guard let name = typeName(entry.key) else { continue }
            if let definition = decodeTypeDefinition(name: name, entry.value, at: entry.key.location) {
                types.append(definition)
            }
        }
        return types
    }

    private mutating func typeName(_ node: Node) -> String? {
        guard let name = text(node, "a type name") else { return nil }
        guard TypeExpressionParser.isValidTypeName(name) else {
            diagnostics.error(
                "type name '\(NodeDescription.excerpt(name))' must be an identifier (ASCII letters, digits and '_', not starting with a digit)",
                at: node.location)
            return nil
        }
        if PrimitiveType.named(name) != nil {
            diagnostics.error("type '\(name)' has the name of a built-in type", at: node.location)
            return nil
        }
        return name
    }

    private mutating func decodeTypeDefinition(name: String, _ node: Node, at location: SourceLocation)
        -> TypeDefinition?
    {
        guard
            let reader = MappingReader(
                node, kind: "type", named: name, allowed: Self.typeDefinitionKeys, owner: location,
                diagnostics: &diagnostics)
        else { return nil }
        let description = reader["description"].flatMap { text($0, "'description'") }
        switch (reader["properties"], reader["enum"]) {
        case (let properties?, nil):
            let decoded = decodeProperties(properties, typeName: name)
            return TypeDefinition(name: name, description: description, kind: .object(decoded), location: location)
        case (nil, let cases?):
            let decoded = decodeEnumCases(cases, typeName: name)
            return TypeDefinition(name: name, description: description, kind: .enumeration(decoded), location: location)
        case (_?, _?):
            diagnostics.error(
                "\(reader.context) has both 'properties' and 'enum'; keep one",
                at: reader.entry("enum")?.key.location ?? location)
            return nil
        case (nil, nil):
            diagnostics.error(
                "\(reader.context) needs 'properties' (an object) or 'enum' (a string enum)", at: location)
            return nil
        }
    }

    private mutating func decodeProperties(_ node: Node, typeName: String) -> [Property] {
        if let scalar = node.scalar, case .null = scalar.value { return [] }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of property names to types for 'properties' of type '\(typeName)', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var properties: [Property] = []
        properties.reserveCapacity(mapping.count)
        for entry in mapping {
            guard let name = text(entry.key, "a property name") else { continue }
            if entry.value.mapping != nil {
                guard
                    let reader = MappingReader(
                        entry.value, kind: "property", named: name, allowed: Self.propertyKeys,
                        owner: entry.key.location, diagnostics: &diagnostics)
                else { continue }
                let type = reader.required("type", diagnostics: &diagnostics).flatMap { typeUse($0, reader.context) }
                let key = reader["key"].flatMap { text($0, "'key'") }
                let description = reader["description"].flatMap { text($0, "'description'") }
                let defaultValue = reader["default"].flatMap { node in
                    literal(node).map { Located($0, at: node.location) }
                }
                let null = reader["null"].flatMap { nullHandling($0) }
                guard let type else { continue }
                properties.append(
                    Property(
                        name: name, type: type, key: key, description: description, defaultValue: defaultValue,
                        location: entry.key.location, null: null))
            } else if let type = typeUse(entry.value, "property '\(name)'") {
                properties.append(
                    Property(
                        name: name, type: type, key: nil, description: nil, defaultValue: nil,
                        location: entry.key.location))
            }
        }
        return properties
    }

    /// `null: omit | send | choose`.
    private mutating func nullHandling(_ node: Node) -> Located<NullHandling>? {
        guard let word = word(node, "'null'") else { return nil }
        if let handling = NullHandling(rawValue: word) { return Located(handling, at: node.location) }
        let names = NullHandling.allCases.map(\.rawValue)
        let hint = Suggestions.didYouMean(word, in: names)
        diagnostics.error(
            "invalid 'null' '\(NodeDescription.excerpt(word))' (expected \(Self.alternatives(names)))\(hint.text)",
            at: node.location, suggestion: hint.suggestion)
        return nil
    }

    private mutating func decodeEnumCases(_ node: Node, typeName: String) -> [EnumCase] {
        guard let items = node.sequence else {
            diagnostics.error(
                "expected a list of values for 'enum' of type '\(typeName)', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        if items.isEmpty {
            diagnostics.error("enum '\(typeName)' has no cases", at: node.location)
        }
        var cases: [EnumCase] = []
        var seen: Set<String> = []
        for item in items {
            guard let scalar = item.scalar, case .string(let value) = scalar.value else {
                diagnostics.error(
                    "enum values must be text, found \(NodeDescription.describe(item)) (quote numbers and booleans)",
                    at: item.location)
                continue
            }
            guard seen.insert(value).inserted else {
                diagnostics.error(
                    "duplicate enum value '\(NodeDescription.excerpt(value))' in '\(typeName)'", at: item.location)
                continue
            }
            cases.append(EnumCase(value: value, location: item.location))
        }
        return cases
    }
}
