import Mustache

/// Builds the template contexts of `Types.swift` (documented in `docs/templates.md`).
struct TypeContexts {
    let access: AccessLevel

    /// The context of one declaration; every kind flag is present so lookups never fall
    /// through to an enclosing type's context.
    func declaration(_ declaration: IR.TypeDeclaration, indent: Int = 0) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "isStructure": false, "isStringEnum": false, "isIntegerEnum": false, "isUnion": false, "isAlias": false,
            "name": .string(declaration.name.code),
        ]
        let members: [String: MustacheValue]
        switch declaration {
        case .structure(let value):
            context["isStructure"] = true
            members = structure(value, indent: indent)
        case .stringEnum(let value):
            context["isStringEnum"] = true
            members = stringEnum(value)
        case .integerEnum(let value):
            context["isIntegerEnum"] = true
            members = integerEnum(value)
        case .union(let value):
            context["isUnion"] = true
            members = union(value)
        case .alias(let value):
            context["isAlias"] = true
            members = ["doc": doc(value.documentation), "type": .string(value.type.code)]
        }
        context.merge(members) { _, new in new }
        return .object(context)
    }

    private func doc(_ documentation: IR.Documentation) -> MustacheValue {
        .list(SourceLayout.docLines(documentation).map(MustacheValue.string))
    }

    // MARK: Structures

    private func structure(_ value: IR.Structure, indent: Int) -> [String: MustacheValue] {
        let properties = value.properties.map { property -> MustacheValue in
            let keyDiffers = property.jsonKey.value != property.name.name
            return [
                "doc": doc(property.documentation),
                "name": .string(property.name.code),
                "type": .string(property.type.code),
                "codingKeyCase": .string(property.name.code + (keyDiffers ? " = " + property.jsonKey.code : "")),
                "decodeExpression": .string(decodeExpression(property)),
            ]
        }
        let parameters = value.properties.map { property in
            var text = property.name.code + ": " + property.type.code
            if let defaultValue = property.defaultValue {
                text += " = " + defaultValue.code
            } else if property.type.isOptional {
                text += " = nil"
            }
            return text
        }
        var initLines = SourceLayout.wrapped(
            head: access.modifier + "init", items: parameters, tail: value.properties.isEmpty ? " {}" : " {",
            indent: indent + 4)
        if !value.properties.isEmpty {
            initLines += value.properties.map { "    self.\($0.name.code) = \($0.name.code)" }
            initLines.append("}")
        }
        var composition = value.documentation
        if !value.composedOf.isEmpty {
            let names = value.composedOf.map { "`\($0.code)`" }.joined(separator: ", ")
            composition = IR.Documentation(paragraphs: [value.documentation.lines.joined(separator: "\n"), "Composes \(names)."])
        }
        return [
            "doc": doc(composition),
            "properties": .list(properties),
            "hasProperties": .bool(!properties.isEmpty),
            "initLines": .list(initLines.map(MustacheValue.string)),
            "needsCodingKeys": .bool(value.needsCodingKeys || value.needsCustomDecoding),
            "needsCustomDecoding": .bool(value.needsCustomDecoding),
            "nestedTypes": .list(value.nestedTypes.map { declaration($0, indent: indent + 4) }),
        ]
    }

    private func decodeExpression(_ property: IR.Property) -> String {
        let key = "." + property.name.code
        let wrapped = property.type.nonOptional.code
        if let defaultValue = property.defaultValue {
            return "try container.decodeIfPresent(\(wrapped).self, forKey: \(key)) ?? \(defaultValue.code)"
        }
        if property.type.isOptional {
            return "try container.decodeIfPresent(\(wrapped).self, forKey: \(key))"
        }
        return "try container.decode(\(wrapped).self, forKey: \(key))"
    }

    // MARK: Enums and unions

    private func stringEnum(_ value: IR.StringEnum) -> [String: MustacheValue] {
        [
            "doc": doc(value.documentation),
            "unknownCase": .string(value.unknownCaseName.code),
            "cases": .list(value.cases.map { enumCase in
                ["doc": doc(enumCase.documentation), "name": .string(enumCase.name.code), "rawValue": .string(enumCase.rawValue.code)]
            }),
        ]
    }

    private func integerEnum(_ value: IR.IntegerEnum) -> [String: MustacheValue] {
        [
            "doc": doc(value.documentation),
            "unknownCase": .string(value.unknownCaseName.code),
            "cases": .list(value.cases.map { enumCase in
                ["doc": doc(enumCase.documentation), "name": .string(enumCase.name.code), "rawValue": .string(String(enumCase.rawValue))]
            }),
        ]
    }

    private func union(_ value: IR.Union) -> [String: MustacheValue] {
        let cases = value.cases.map { unionCase -> MustacheValue in
            [
                "name": .string(unionCase.name.code),
                "type": .string(unionCase.type.code),
                "hasDiscriminatorValues": .bool(!unionCase.discriminatorValues.isEmpty),
                "discriminatorPattern": .string(unionCase.discriminatorValues.map(\.code).joined(separator: ", ")),
            ]
        }
        return [
            "doc": doc(value.documentation),
            "cases": .list(cases),
            "hasDiscriminator": .bool(value.discriminator != nil),
            "isIndirect": .bool(value.isIndirect),
            "discriminatorKey": .string(value.discriminator?.code ?? "\"\""),
            // Identifiers are ASCII letters, digits and `_`: safe inside a string literal.
            "plainName": .string(value.name.name),
        ]
    }
}
