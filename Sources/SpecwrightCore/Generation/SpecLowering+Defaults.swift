extension SpecLowering {
    /// A default value as a Swift expression of `type`. The validator has already checked that
    /// the literal fits the type; strings only ever appear as escaped literals.
    func defaultExpression(_ value: LiteralValue, type: TypeExpression) -> IR.Expression {
        IR.Expression(code: defaultCode(value, type: type))
    }

    private func defaultCode(_ value: LiteralValue, type: TypeExpression) -> String {
        switch (type, value) {
        case (_, .null):
            return "nil"
        case (.optional(let wrapped), _):
            return defaultCode(value, type: wrapped)
        case (.array(let element), .array(let items)):
            return "[" + items.map { defaultCode($0, type: element) }.joined(separator: ", ") + "]"
        case (.dictionary(let valueType), .object(let entries)):
            guard !entries.isEmpty else { return "[:]" }
            let pairs = entries.map { IR.StringLiteral($0.key).code + ": " + defaultCode($0.value, type: valueType) }
            return "[" + pairs.joined(separator: ", ") + "]"
        case (.named(let name), .string(let raw)):
            return enumCaseExpression(typeName: name, rawValue: raw)
        case (.primitive(.uuid), .string(let text)):
            return "UUID(uuidString: \(IR.StringLiteral(text).code))!"
        case (.primitive(.url), .string(let text)):
            return "URL(string: \(IR.StringLiteral(text).code))!"
        case (_, .bool(let flag)):
            return flag ? "true" : "false"
        case (_, .int(let number)):
            return String(number)
        case (_, .double(let number)):
            return SourceLayout.number(number)
        case (_, .string(let text)):
            return IR.StringLiteral(text).code
        case (_, .array(let items)):
            return "[" + items.map { defaultCode($0, type: .primitive(.string)) }.joined(separator: ", ") + "]"
        case (_, .object):
            return "[:]"
        }
    }

    /// `.caseName` for a known value of a string enum, `.unknown("…")` otherwise.
    private func enumCaseExpression(typeName: String, rawValue: String) -> String {
        guard let definition = definitions[typeName],
            case .stringEnum(let lowered) = lowerType(definition)
        else { return IR.StringLiteral(rawValue).code }
        if let match = lowered.cases.first(where: { $0.rawValue.value == rawValue }) {
            return "." + match.name.code
        }
        return "." + lowered.unknownCaseName.code + "(" + IR.StringLiteral(rawValue).code + ")"
    }
}
