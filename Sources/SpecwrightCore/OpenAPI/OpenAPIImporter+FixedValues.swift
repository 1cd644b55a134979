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
            expression = defaultExpression(value, type: base).map { IR.Expression(code: name.code + $0.code) }
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
            expression = IR.Expression(code: name.code + "." + member)
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
    /// keeps a stored property; one that lacks the property gets it, so it is always sent.
    mutating func fixDiscriminators() {
        var values: [IR.TypeID: (key: String, value: String)?] = [:]
        for case .union(let union) in declared.declarations {
            guard let key = union.discriminator?.value else { continue }
            for unionCase in union.cases {
                guard case .named(let name) = unionCase.type else { continue }
                let value = unionCase.discriminatorValues.count == 1 ? unionCase.discriminatorValues[0].value : nil
                switch values[name.id] {
                case nil: values[name.id] = value.map { (key, $0) }
                case let known??: if known.key != key || known.value != value { values[name.id] = .some(nil) }
                case .some(nil): break
                }
            }
        }
        for index in declared.declarations.indices {
            guard case .structure(var structure) = declared.declarations[index],
                let fixed = values[structure.name.id] ?? nil
            else { continue }
            if let position = structure.properties.firstIndex(where: { $0.jsonKey.value == fixed.key }) {
                var property = structure.properties[position]
                guard property.fixedValue == nil,
                    let expression = fixedExpression(text: fixed.value, type: &property.type)
                else { continue }
                property.fixedValue = expression
                property.defaultValue = nil
                property.nilEncoding = .omitted
                structure.properties[position] = property
            } else {
                var scope = NameScope(reserved: NameScope.reservedPropertyNames + structure.properties.map(\.name.name))
                structure.properties.append(
                    IR.Property(
                        name: scope.identifier(for: fixed.key, style: .member, fallback: "discriminator"),
                        jsonKey: IR.StringLiteral(fixed.key), type: .builtin(.string),
                        fixedValue: IR.Expression(code: IR.StringLiteral(fixed.value).code)))
            }
            declared.declarations[index] = .structure(structure)
        }
    }
}
