import Mustache

/// Builds the template contexts of `Types.swift` (documented in `docs/templates.md`).
struct TypeContexts {
    let access: AccessLevel
    /// `var` instead of `let` for object properties.
    var mutableProperties = false

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
        // The extra-properties dictionary is declared, initialized and decoded like a property,
        // but it is not a JSON key of its own: it is encoded after the declared fields.
        let extra = value.additionalProperties
        let extraType = extra.map { "[String: \($0.valueType.code)]" }
        var properties = value.properties.map(propertyContext)
        var parameters = value.properties.map { property in
            if property.nilEncoding == .chosen {
                return property.name.code + ": Nullable<" + property.type.nonOptional.code + "> = .absent"
            }
            var text = property.name.code + ": " + property.type.code
            if let defaultValue = property.defaultValue {
                text += " = " + defaultValue.code
            } else if property.type.isOptional {
                text += " = nil"
            }
            return text
        }
        var names = value.properties.map(\.name)
        var decodeItems = value.properties.map { ClientContexts.argumentLabel($0.name) + ": " + decodeExpression($0) }
        if let extra, let extraType {
            let note = IR.Documentation("The properties the schema does not declare, by JSON key.")
            properties.append(["doc": doc(note), "name": .string(extra.name.code), "type": .string(extraType)])
            parameters.append(extra.name.code + ": " + extraType + " = [:]")
            names.append(extra.name)
            decodeItems.append(ClientContexts.argumentLabel(extra.name) + ": fields.remaining()")
        }
        let bodyIndent = indent + 8
        var initLines = SourceLayout.wrapped(
            head: access.modifier + "init", items: parameters, tail: names.isEmpty ? " {}" : " {", indent: indent + 4)
        if !names.isEmpty {
            initLines += value.properties.map(assignment)
            initLines += extra.map { ["    self.\($0.name.code) = \($0.name.code)"] } ?? []
            initLines.append("}")
        }
        let fields = value.properties.map { property in
            switch property.nilEncoding {
            case .omitted: "self." + property.name.code
            case .null: "RequiredNullable(self.\(property.name.code))"
            case .chosen: "self.$" + property.name.name
            }
        }
        var encodeLines = SourceLayout.wrapped(
            head: "try encoder.encodeFields", items: ["keys: Self.fieldKeys"] + fields, tail: "", indent: bodyIndent)
        if let extra {
            encodeLines.append("try encoder.encodeRemainingFields(self.\(extra.name.code), besides: Self.fieldKeys)")
        }
        var composition = value.documentation
        if !value.composedOf.isEmpty {
            let names = value.composedOf.map { "`\($0.code)`" }.joined(separator: ", ")
            composition = IR.Documentation(paragraphs: [value.documentation.lines.joined(separator: "\n"), "Composes \(names)."])
        }
        let keys = value.properties.map(\.jsonKey.code)
        return [
            "doc": doc(composition),
            "properties": .list(properties),
            "propertyKeyword": .string(mutableProperties ? "var" : "let"),
            "hasProperties": .bool(!properties.isEmpty),
            "initLines": lines(initLines),
            "decodeLines": lines(SourceLayout.wrapped(head: "self.init", items: decodeItems, tail: "", indent: bodyIndent)),
            "encodeLines": lines(encodeLines),
            "keyLines": lines(SourceLayout.wrapped(
                head: "private static let fieldKeys: [String] = ", items: keys, tail: "", indent: indent + 4,
                brackets: ("[", "]"))),
            "nestedTypes": .list(value.nestedTypes.map { declaration($0, indent: indent + 4) }),
        ]
    }

    /// A stored property; one whose `nil` the caller chooses is stored by the runtime's
    /// `NullableField` (`var`, settable only inside the type unless properties are mutable).
    private func propertyContext(_ property: IR.Property) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "doc": doc(property.documentation), "name": .string(property.name.code), "type": .string(property.type.code),
            "attributes": "",
        ]
        if property.nilEncoding == .chosen {
            context["attributes"] = "@NullableField "
            context["propertyKeyword"] = .string(mutableProperties ? "var" : "private(set) var")
        }
        return .object(context)
    }

    /// The memberwise initializer's line storing `property`.
    private func assignment(_ property: IR.Property) -> String {
        if property.nilEncoding == .chosen {
            return "    self._\(property.name.name) = NullableField(\(property.name.code))"
        }
        return "    self.\(property.name.code) = \(property.name.code)"
    }

    private func lines(_ lines: [String]) -> MustacheValue {
        .list(lines.map(MustacheValue.string))
    }

    /// How `init(from:)` reads a property through the runtime's `FieldDecoder`.
    private func decodeExpression(_ property: IR.Property) -> String {
        if let defaultValue = property.defaultValue {
            return "fields.optional(default: \(defaultValue.code))"
        }
        if property.nilEncoding == .chosen {
            return "fields.nullable()"
        }
        if property.type.isOptional {
            return "fields.optional()"
        }
        return "try fields.required()"
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
