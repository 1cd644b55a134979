import Foundation

/// Decides whether a default value literal fits a type expression.
struct DefaultValueChecker {
    let typesByName: [String: TypeDefinition]

    /// Why `value` does not fit `type`, or nil when it fits.
    func problem(_ value: LiteralValue, _ type: TypeExpression) -> String? {
        switch type {
        case .optional(let wrapped):
            if value == .null { return nil }
            return problem(value, wrapped)
        case .array(let element):
            guard case .array(let items) = value else { return "expected a list" }
            for item in items {
                if let problem = problem(item, element) { return problem }
            }
            return nil
        case .dictionary(let valueType):
            guard case .object(let entries) = value else { return "expected a mapping" }
            for entry in entries {
                if let problem = problem(entry.value, valueType) { return problem }
            }
            return nil
        case .primitive(let primitive):
            return primitiveProblem(value, primitive)
        case .named(let name):
            guard let definition = typesByName[name] else { return nil }  // reported as unknown type
            switch definition.kind {
            case .enumeration(let cases):
                guard case .string(let raw) = value else { return "expected one of the values of '\(name)'" }
                guard cases.contains(where: { $0.value == raw }) else {
                    let hint = Suggestions.didYouMean(raw, in: cases.map(\.value))
                    return "'\(raw)' is not a value of '\(name)'\(hint.text)"
                }
                return nil
            case .object:
                return "defaults are supported for built-in, enum, array and dictionary types only"
            }
        }
    }

    private func primitiveProblem(_ value: LiteralValue, _ primitive: PrimitiveType) -> String? {
        switch (primitive, value) {
        case (.string, .string), (.int, .int), (.int64, .int), (.double, .int), (.double, .double), (.bool, .bool):
            return nil
        case (.uuid, .string(let text)):
            return UUID(uuidString: text) == nil ? "'\(text)' is not a UUID" : nil
        case (.url, .string(let text)):
            return URL(string: text) == nil ? "'\(text)' is not a URL" : nil
        case (.date, _), (.data, _), (.file, _):
            return "defaults are not supported for '\(primitive.rawValue)'"
        default:
            return "expected \(Self.expectation(primitive))"
        }
    }

    private static func expectation(_ primitive: PrimitiveType) -> String {
        switch primitive {
        case .string, .uuid, .url: "text"
        case .int, .int64: "an integer"
        case .double: "a number"
        case .bool: "true or false"
        case .date, .data, .file: "no default"
        }
    }
}
