import Mustache

extension TypeContexts {
    /// The members of a structure's context (documented in `docs/templates.md`).
    ///
    /// Properties the type fixes (``IR/Property/fixedValue``) are computed: they take no
    /// initializer argument, are checked by `fields.constant(…)` after decoding the others, are
    /// encoded after the stored ones and take no part in `==` and `hash(into:)`.
    func structure(_ value: IR.Structure) -> [String: MustacheValue] {
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
                "doc": doc(note), "attributes": "", "name": .string(extra.name.code), "type": .string(extraType),
                "accessor": "",
                "jsonKey": "", "decodeExpression": "fields.remaining()",
                "encodedValue": .string("self." + extra.name.code),
                "isComputed": false, "isExtraProperties": true
            ])
            parameters.append(extra.name.code + ": " + extraType + " = [:]")
            decodeItems.append(ClientContexts.argumentLabel(extra.name) + ": fields.remaining()")
        }
        let initSignature = SourceLayout.call(head: access.modifier + "init", items: parameters)
        let initAssignments = stored.map(assignment) + (extra.map { ["self.\($0.name.code) = \($0.name.code)"] } ?? [])
        // One list of the fields, each with its JSON name, drives `encode(to:)`, `==` and
        // `hash(into:)` (the runtime's `_GeneratedObject`).
        var fieldLines =
            stored.map(fieldLine)
            + fixed.map { property in
                "fields.constant(" + property.jsonKey.code + ", lhs." + property.name.code + ")"
            }
        if let extra {
            let declared = (stored + fixed).map(\.jsonKey.code).joined(separator: ", ")
            fieldLines.append(
                SourceLayout.call(
                    head: "fields.remaining",
                    items: ["lhs." + extra.name.code, "rhs." + extra.name.code, "declared: [" + declared + "]"]))
        }
        let decodeCall = SourceLayout.call(head: "self.init", items: decodeItems)
        let constantChecks = fixed.compactMap { property in
            property.fixedValue.map { "try fields.constant(\(property.jsonKey.code), \($0.code))" }
        }
        var composition = value.documentation
        if !value.composedOf.isEmpty {
            let names = value.composedOf.map { "`\($0.code)`" }.joined(separator: ", ")
            composition = IR.Documentation(paragraphs: [
                value.documentation.lines.joined(separator: "\n"), "Composes \(names)."
            ])
        }
        return [
            "doc": doc(composition),
            "properties": .list(properties),
            "propertyKeyword": .string(mutableProperties ? "var" : "let"),
            "hasProperties": .bool(!properties.isEmpty),
            "initSignature": .string(initSignature),
            "hasInitParameters": .bool(!parameters.isEmpty),
            "initAssignments": lines(initAssignments),
            "decodeCall": .string(decodeCall),
            "constantChecks": lines(constantChecks),
            "keepsExtraProperties": .bool(extra != nil),
            // An object without fields never reads from its decoder: `let` keeps the output warning-free.
            "decoderKeyword": .string(stored.isEmpty && fixed.isEmpty && extra == nil ? "let" : "var"),
            "fieldLines": lines(fieldLines),
            "nestedTypes": .list(value.nestedTypes.map { declaration($0) })
        ]
    }

    /// A property; one whose `nil` the caller chooses is stored by the runtime's `NullableField`
    /// (`var`, settable only inside the type unless properties are mutable); one the type fixes is
    /// computed.
    private func propertyContext(_ property: IR.Property) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "doc": doc(property.documentation), "name": .string(property.name.code),
            "type": .string(property.type.code),
            "attributes": "", "accessor": "", "jsonKey": .string(property.jsonKey.code),
            "decodeExpression": .string(property.fixedValue == nil ? decodeExpression(property) : ""),
            "encodedValue": .string(storedValue(property)), "isComputed": .bool(property.fixedValue != nil),
            "isExtraProperties": false
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
            return "self._\(property.name.name) = NullableField(\(property.name.code))"
        }
        return "self.\(property.name.code) = \(property.name.code)"
    }

    /// The line of `_fields` that visits a stored property: through its `NullableField`'s
    /// projection when the caller chooses its `nil`, as `nullable` when `nil` is sent as `null`,
    /// as `readOnly` when requests leave it out.
    private func fieldLine(_ property: IR.Property) -> String {
        let key = property.jsonKey.code
        switch property.nilEncoding {
        case .omitted:
            let visit = property.readOnly ? "fields.readOnly(" : "fields.field("
            return visit + "\(key), lhs.\(property.name.code), rhs.\(property.name.code))"
        case .null:
            return "fields.nullable(\(key), lhs.\(property.name.code), rhs.\(property.name.code))"
        case .chosen:
            return "fields.field(\(key), lhs.$\(property.name.name), rhs.$\(property.name.name))"
        }
    }

    /// What a template that writes its own `encode(to:)` encodes for a stored or fixed property
    /// (the context's `encodedValue`).
    private func storedValue(_ property: IR.Property) -> String {
        switch property.nilEncoding {
        case .omitted: "self." + property.name.code
        case .null: "RequiredNullable(self.\(property.name.code))"
        case .chosen: "self.$" + property.name.name
        }
    }

    private func lines(_ lines: [String]) -> MustacheValue {
        .list(lines.map(MustacheValue.string))
    }

    /// How `init(from:)` reads a property through the runtime's `FieldDecoder`, by its JSON name
    /// (a default is the fallback of an absent key unless the property ``IR/Property/requiresKey``).
    private func decodeExpression(_ property: IR.Property) -> String {
        let key = property.jsonKey.code
        if let defaultValue = property.defaultValue, !property.requiresKey {
            return "fields.optional(\(key), default: \(defaultValue.code))"
        }
        if property.nilEncoding == .chosen {
            return "fields.nullable(\(key))"
        }
        if property.type.isOptional {
            return "fields.optional(\(key))"
        }
        return "try fields.required(\(key))"
    }
}
