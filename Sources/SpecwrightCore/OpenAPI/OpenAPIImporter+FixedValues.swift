import SpecwrightYAML

extension OpenAPIImporter {
    /// The Swift expression of a value a schema fixes (`const`, a discriminator value) for a
    /// property of `type`: a string, number or boolean literal, or a case of a string or integer
    /// enum written with its type (`PetKind.cat`, so `fields.constant(…)` needs no context). A
    /// schema with only `const` and no `type` gets the literal's type. `nil` when the value does
    /// not fit.
    mutating func fixedExpression(_ value: Node, type: inout IR.TypeReference) -> IR.Expression? {
        var base = type.nonOptional
        if base == jsonValue(), let scalar = value.scalar {
            switch scalar.value {
            case .string: base = .builtin(.string)
            case .int: base = .builtin(.int)
            case .bool: base = .builtin(.bool)
            default: return nil
            }
        }
        if reportsMisfit(value, keyword: "const", type: base) { return nil }
        let expression: IR.Expression?
        switch base {
        case .named(let name):
            guard integerEnumCases(named: name) != nil || stringEnumCases(named: name) != nil else { return nil }
            expression = defaultExpression(value, type: base).map { IR.Expression(type: name) + $0 }
        case .builtin(.string), .builtin(.int), .builtin(.int32), .builtin(.int64), .builtin(.bool), .builtin(.double):
            expression = defaultExpression(value, type: base)
        default:
            expression = nil
        }
        if expression != nil { type = base }
        return expression
    }

    /// ``fixedExpression(_:type:)`` for a discriminator value (text): a `String` property or a
    /// string enum.
    mutating func fixedExpression(text: String, type: inout IR.TypeReference) -> IR.Expression? {
        let base = type.nonOptional
        let expression: IR.Expression?
        switch base {
        case .builtin(.string):
            expression = IR.Expression(code: IR.StringLiteral(text).code)
        case .named(let name):
            guard let (cases, unknown) = stringEnumCases(named: name) else { return nil }
            let member = cases[text].map(\.code) ?? unknown.code + "(" + IR.StringLiteral(text).code + ")"
            expression = IR.Expression(type: name) + ("." + member)
        default:
            expression = nil
        }
        if expression != nil { type = base }
        return expression
    }

    /// A union's discriminator is fixed in each variant it selects by one value: the variant's
    /// property with the discriminator's key becomes computed (`var petType: String { "cat" }`),
    /// filled in by its initializer, never a free `String` the caller could get wrong. A variant
    /// selected by several values (`cat`, `kitten`), or by different values in different unions,
    /// keeps a stored property; one that lacks the property gets it (computed when one value
    /// fixes it, else a stored `String?` the caller sets, with a located warning), so it can
    /// always be sent. A variant that is no struct cannot carry it: a located warning.
    mutating func fixDiscriminators() {
        let uses = discriminatorUses()
        for index in declared.declarations.indices {
            guard case .structure(var structure) = declared.declarations[index],
                let variantUses = uses[structure.name.id]
            else { continue }
            let first = variantUses[0]
            let fixedValue =
                variantUses.allSatisfy { $0.key == first.key && $0.values == first.values } && first.values.count == 1
                ? first.values[0] : nil
            for key in Set(variantUses.map(\.key)).sorted() {
                if let position = structure.properties.firstIndex(where: { $0.jsonKey.value == key }) {
                    var property = structure.properties[position]
                    guard let fixedValue, property.fixedValue == nil,
                        let expression = fixedExpression(text: fixedValue, type: &property.type)
                    else { continue }
                    property.fixedValue = expression
                    property.defaultValue = nil
                    property.nilEncoding = .omitted
                    structure.properties[position] = property
                    continue
                }
                var members = MemberNaming(
                    .properties(structure.name.id),
                    reserved: NameScope.reservedPropertyNames + structure.properties.map(\.name.name))
                let name = members.name(key, fallback: "discriminator")
                naming.types.members.add(members)
                if let fixedValue {
                    structure.properties.append(
                        IR.Property(
                            name: name, jsonKey: IR.StringLiteral(key), type: .builtin(.string),
                            fixedValue: IR.Expression(code: IR.StringLiteral(fixedValue).code)))
                    continue
                }
                structure.properties.append(
                    IR.Property(name: name, jsonKey: IR.StringLiteral(key), type: .optional(.builtin(.string))))
                for use in variantUses where use.key == key {
                    unionWarning(
                        use.union.id,
                        "'\(type: structure.name)' does not declare the discriminator property '\(key)' of '\(type: use.union)' and is selected by \(use.values.count == 1 ? "different values in different unions" : "several values (" + use.values.joined(separator: ", ") + ")"): it gets a stored '\(name.name): String?' that must be set for the server to tell the alternatives apart",
                        at: use.location)
                }
            }
            declared.declarations[index] = .structure(structure)
        }
    }
}
