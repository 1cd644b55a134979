import SpecwrightYAML

extension SpecDecoder {
    /// A type expression: a scalar in Swift syntax, or the flow-sequence sugar `[Book]` /
    /// `[String: Int]` (which YAML reads as a one-element sequence). Malformed expressions are
    /// reported at the column of the offending character inside the scalar.
    mutating func typeUse(_ node: Node, _ what: @autoclosure () -> String) -> TypeUse? {
        switch node.kind {
        case .scalar(let scalar):
            if case .null = scalar.value, scalar.style == .plain {
                diagnostics.error("expected a type for \(what()), found null", at: node.location)
                return nil
            }
            return parseTypeScalar(scalar, at: node.location)
        case .sequence(let items):
            guard items.count == 1, let element = items.first else {
                diagnostics.error(
                    "expected a type for \(what()), found a sequence of \(items.count) elements (write an array type as [T])",
                    at: node.location)
                return nil
            }
            if let entries = element.mapping {
                return dictionarySugar(entries, at: node.location, what())
            }
            guard let inner = typeUse(element, what()) else { return nil }
            return TypeUse(
                expression: .array(inner.expression), location: node.location, storedReferences: inner.storedReferences)
        case .mapping:
            diagnostics.error("expected a type for \(what()), found a mapping", at: node.location)
            return nil
        }
    }

    /// `[String: T]` written unquoted: a sequence holding the one-entry mapping `String: T`.
    private mutating func dictionarySugar(_ entries: [MappingEntry], at location: SourceLocation, _ what: String)
        -> TypeUse?
    {
        guard entries.count == 1, let entry = entries.first else {
            diagnostics.error(
                "expected a type for \(what), found a sequence holding a mapping (write a dictionary type as [String: T])",
                at: location)
            return nil
        }
        guard entry.key.scalar?.text == "String" else {
            diagnostics.error(
                "dictionary keys must be 'String', not \(NodeDescription.describe(entry.key))", at: entry.key.location)
            return nil
        }
        guard let value = typeUse(entry.value, what) else { return nil }
        return TypeUse(
            expression: .dictionary(value.expression), location: location, storedReferences: value.storedReferences)
    }

    private mutating func parseTypeScalar(_ scalar: Scalar, at location: SourceLocation) -> TypeUse? {
        // Offsets inside the text map to columns only for one-line plain or quoted scalars.
        let textStart: SourceLocation?
        switch scalar.style {
        case .plain: textStart = location
        case .singleQuoted, .doubleQuoted: textStart = location.advanced(by: 1)
        case .literal, .folded: textStart = nil
        }
        func place(_ offset: Int) -> SourceLocation {
            guard let textStart else { return location }
            // Offset 0 of a plain scalar is the scalar's own location: no need to scan the text.
            if offset == 0, scalar.style == .plain { return location }
            let mapsColumns =
                !scalar.text.utf8.contains(UInt8(ascii: "\n"))
                && !(scalar.style == .doubleQuoted && scalar.text.utf8.contains(UInt8(ascii: "\\")))
            return mapsColumns ? textStart.advanced(by: offset) : location
        }
        if TypeExpressionParser.isValidTypeName(scalar.text) {
            // A bare name (most type uses): no parse, no lookup, the reference is the scalar itself.
            if let primitive = PrimitiveType.named(scalar.text) {
                return TypeUse(expression: .primitive(primitive), location: location, references: [])
            }
            return TypeUse(
                expression: .named(scalar.text), location: location,
                storedReferences: .one(Located(scalar.text, at: place(0))))
        }
        if let (expression, reference) = TypeExpressionParser.commonCompound(scalar.text) {
            // `T?`, `[T]`, `[String: T]`: cheaper than a lookup, at most one reference.
            let references = reference.map { TypeUse.References.one(Located($0.name, at: place($0.offset))) } ?? .none
            return TypeUse(expression: expression, location: location, storedReferences: references)
        }
        let result: Result<TypeExpressionParser.Parsed, TypeExpressionParser.Failure>
        if let cached = parsedTypeExpressions[scalar.text] {
            result = cached
        } else {
            result = TypeExpressionParser.parseWithCursor(scalar.text)
            parsedTypeExpressions[scalar.text] = result
        }
        switch result {
        case .success(let parsed):
            let references = parsed.references.map { Located($0.name, at: place($0.offset)) }
            return TypeUse(expression: parsed.expression, location: location, references: references)
        case .failure(let failure):
            diagnostics.error(
                "malformed type '\(NodeDescription.excerpt(scalar.text))': \(failure.message)",
                at: place(failure.offset))
            return nil
        }
    }
}
