import Mustache

extension TypeContexts {
    /// The members of a structure's context (documented in `docs/templates.md`).
    ///
    /// Properties the type fixes (``IR/Property/fixedValue``) are computed: they take no
    /// initializer argument, come last in `fieldKeys` (after the ones the initializer reads in
    /// order) and are checked by `fields.constant(…)` after decoding the others.
    func structure(_ value: IR.Structure, indent: Int) -> [String: MustacheValue] {
        // The extra-properties dictionary is declared, initialized and decoded like a property,
        // but it is not a JSON key of its own: it is encoded after the declared fields.
        let extra = value.additionalProperties
        let extraType = extra.map { "[String: \($0.valueType.code)]" }
        let stored = value.properties.filter { $0.fixedValue == nil }
        let fixed = value.properties.filter { $0.fixedValue != nil }
        var properties = value.properties.map(propertyContext)
        var parameters = stored.map(parameter)
        var decodeItems = stored.map { ClientContexts.argumentLabel($0.name) + ": " + decodeExpression($0) }
        if let extra, let extraType {
            let note = IR.Documentation("The properties the schema does not declare, by JSON key.")
            properties.append([
                "doc": doc(note), "attributes": "", "name": .string(extra.name.code), "type": .string(extraType), "accessor": "",
            ])
            parameters.append(extra.name.code + ": " + extraType + " = [:]")
            decodeItems.append(ClientContexts.argumentLabel(extra.name) + ": fields.remaining()")
        }
        let bodyIndent = indent + 8
        var initLines = SourceLayout.wrapped(
            head: access.modifier + "init", items: parameters, tail: parameters.isEmpty ? " {}" : " {", indent: indent + 4)
        if !parameters.isEmpty {
            initLines += stored.map(assignment)
            initLines += extra.map { ["    self.\($0.name.code) = \($0.name.code)"] } ?? []
            initLines.append("}")
        }
        let fields = (stored + fixed).map { property in
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
        var decodeLines = SourceLayout.wrapped(head: "self.init", items: decodeItems, tail: "", indent: bodyIndent)
        decodeLines += fixed.compactMap { $0.fixedValue.map { "try fields.constant(\($0.code))" } }
        var composition = value.documentation
        if !value.composedOf.isEmpty {
            let names = value.composedOf.map { "`\($0.code)`" }.joined(separator: ", ")
            composition = IR.Documentation(paragraphs: [value.documentation.lines.joined(separator: "\n"), "Composes \(names)."])
        }
        let keys = (stored + fixed).map(\.jsonKey.code)
        return [
            "doc": doc(composition),
            "properties": .list(properties),
            "propertyKeyword": .string(mutableProperties ? "var" : "let"),
            "hasProperties": .bool(!properties.isEmpty),
            "initLines": lines(initLines),
            "decodeLines": lines(decodeLines),
            "encodeLines": lines(encodeLines),
            "keyLines": lines(SourceLayout.wrapped(
                head: "private static let fieldKeys: [String] = ", items: keys, tail: "", indent: indent + 4,
                brackets: ("[", "]"))),
            "nestedTypes": .list(value.nestedTypes.map { declaration($0, indent: indent + 4) }),
        ]
    }

    /// A property; one whose `nil` the caller chooses is stored by the runtime's `NullableField`
    /// (`var`, settable only inside the type unless properties are mutable); one the type fixes is
    /// computed.
    private func propertyContext(_ property: IR.Property) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "doc": doc(property.documentation), "name": .string(property.name.code), "type": .string(property.type.code),
            "attributes": "", "accessor": "",
        ]
        if let fixedValue = property.fixedValue {
            context["propertyKeyword"] = "var"
            context["accessor"] = .string(" { \(fixedValue.code) }")
        } else if property.nilEncoding == .chosen {
            context["attributes"] = "@NullableField "
            context["propertyKeyword"] = .string(mutableProperties ? "var" : "private(set) var")
        }
        return .object(context)
    }

    /// The memberwise initializer's parameter for a stored property.
    private func parameter(_ property: IR.Property) -> String {
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
}
