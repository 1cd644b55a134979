import Mustache

/// Builds the template contexts of `Types.swift` (documented in `docs/templates.md`).
struct TypeContexts {
    let access: AccessLevel
    /// `var` instead of `let` for object properties.
    var mutableProperties = false

    /// The context of one declaration; every kind flag is present so lookups never fall
    /// through to an enclosing type's context.
    func declaration(_ declaration: IR.TypeDeclaration) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "isStructure": false, "isStringEnum": false, "isIntegerEnum": false, "isUnion": false, "isAlias": false,
            "name": .string(declaration.name.code)
        ]
        let members: [String: MustacheValue]
        switch declaration {
        case .structure(let value):
            context["isStructure"] = true
            members = structure(value)
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

    func doc(_ documentation: IR.Documentation) -> MustacheValue {
        .list(SourceLayout.docLines(documentation).map(MustacheValue.string))
    }

    // MARK: Enums and unions

    private func stringEnum(_ value: IR.StringEnum) -> [String: MustacheValue] {
        [
            "doc": doc(value.documentation),
            "unknownCase": .string(value.unknownCaseName.code),
            "cases": .list(
                value.cases.map { enumCase in
                    [
                        "doc": doc(enumCase.documentation), "name": .string(enumCase.name.code),
                        "rawValue": .string(enumCase.rawValue.code)
                    ]
                })
        ]
    }

    private func integerEnum(_ value: IR.IntegerEnum) -> [String: MustacheValue] {
        [
            "doc": doc(value.documentation),
            "unknownCase": .string(value.unknownCaseName.code),
            "cases": .list(
                value.cases.map { enumCase in
                    [
                        "doc": doc(enumCase.documentation), "name": .string(enumCase.name.code),
                        "rawValue": .string(String(enumCase.rawValue))
                    ]
                })
        ]
    }

    private func union(_ value: IR.Union) -> [String: MustacheValue] {
        let cases = value.cases.enumerated().map { index, unionCase -> MustacheValue in
            [
                "index": .string(String(index)),
                "name": .string(unionCase.name.code),
                "type": .string(unionCase.type.code),
                "hasDiscriminatorValues": .bool(!unionCase.discriminatorValues.isEmpty),
                "discriminatorPattern": .string(unionCase.discriminatorValues.map(\.code).joined(separator: ", "))
            ]
        }
        return [
            "doc": doc(value.documentation),
            "cases": .list(cases),
            "hasDiscriminator": .bool(value.discriminator != nil),
            // A floating-point payload makes the synthesized `==` irreflexive (NaN): compare
            // through `FieldEquality.same` instead.
            "comparesFieldWise": .bool(value.cases.contains { Self.holdsFloatingPoint($0.type) }),
            "hasSeveralCases": .bool(value.cases.count > 1),
            "isIndirect": .bool(value.isIndirect),
            "discriminatorKey": .string(value.discriminator?.code ?? "\"\""),
            // Identifiers are ASCII letters, digits and `_`: safe inside a string literal.
            "plainName": .string(value.name.name)
        ]
    }

    /// Whether `type` is (an optional of) a built-in whose `==` is not reflexive: NaN in `Double`,
    /// `Float` and `Date`. Arrays and dictionaries are reflexive (a copy shares its storage).
    static func holdsFloatingPoint(_ type: IR.TypeReference) -> Bool {
        switch type.nonOptional {
        case .builtin(.double), .builtin(.float), .builtin(.date): true
        default: false
        }
    }
}
