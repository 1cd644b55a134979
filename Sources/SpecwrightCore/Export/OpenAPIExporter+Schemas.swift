import Foundation

extension OpenAPIExporter {
    /// The schema of a declared type.
    func schema(for type: TypeDefinition) -> DocumentValue {
        var result: [(key: String, value: DocumentValue)] = []
        switch type.kind {
        case .object(let properties):
            result.append(("type", .string("object")))
            if let description = type.description { result.append(("description", .string(description))) }
            var members: [(key: String, value: DocumentValue)] = []
            var required: [DocumentValue] = []
            for property in properties {
                let key = property.jsonKey(style: document.jsonKeys)
                var schema = self.schema(property.type.expression)
                // 3.1 allows siblings next to `$ref`; the Swift name is kept when it is not the key's.
                if case .object(var entries) = schema {
                    if let description = property.description { entries.append(("description", .string(description))) }
                    if let value = property.defaultValue?.value { entries.append(("default", literal(value))) }
                    if SwiftName.lowerCamelCase(property.name) != SwiftName.lowerCamelCase(key) {
                        entries.append(("x-specwright-name", .string(property.name)))
                    }
                    schema = .object(entries)
                }
                members.append((key, schema))
                // `null: send` is a required key whose value may be null.
                if (!property.type.expression.isOptional && property.defaultValue == nil)
                    || property.null?.value == .send
                {
                    required.append(.string(key))
                }
            }
            result.append(("properties", .object(members)))
            if !required.isEmpty { result.append(("required", .array(required))) }
        case .enumeration(let cases):
            result.append(("type", .string("string")))
            if let description = type.description { result.append(("description", .string(description))) }
            result.append(("enum", .array(cases.map { .string($0.value) })))
        }
        return .object(result)
    }

    /// The schema of a type expression; optionals admit `null` (3.1 style).
    func schema(_ expression: TypeExpression) -> DocumentValue {
        switch expression {
        case .optional(let wrapped):
            let inner = schema(wrapped)
            if case .object(var entries) = inner, let index = entries.firstIndex(where: { $0.key == "type" }),
                case .string(let type) = entries[index].value
            {
                entries[index].value = .array([.string(type), .string("null")])
                return .object(entries)
            }
            return .object([("oneOf", .array([inner, .object([("type", .string("null"))])]))])
        case .named(let name):
            return .object([("$ref", .string("#/components/schemas/" + Self.pointerEscaped(name)))])
        case .array(let element):
            return .object([("type", .string("array")), ("items", schema(element))])
        case .dictionary(let value):
            return .object([("type", .string("object")), ("additionalProperties", schema(value))])
        case .primitive(let primitive):
            return primitiveSchema(primitive)
        }
    }

    private func primitiveSchema(_ primitive: PrimitiveType) -> DocumentValue {
        let (type, format): (String, String?) =
            switch primitive {
            case .string: ("string", nil)
            case .int: ("integer", nil)
            case .int64: ("integer", "int64")
            case .double: ("number", "double")
            case .bool: ("boolean", nil)
            case .uuid: ("string", "uuid")
            case .url: ("string", "uri")
            case .data: ("string", "byte")
            case .file: ("string", "binary")
            case .date:
                switch document.dates {
                case .iso8601: ("string", "date-time")
                case .secondsSince1970: ("number", "unix-seconds")
                case .millisecondsSince1970: ("integer", "unix-milliseconds")
                }
            }
        var entries: [(key: String, value: DocumentValue)] = [("type", .string(type))]
        if let format { entries.append(("format", .string(format))) }
        return .object(entries)
    }

    /// A spec literal as a document value.
    func literal(_ value: LiteralValue) -> DocumentValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(literal))
        case .object(let entries): .object(entries.map { ($0.key, literal($0.value)) })
        }
    }

    static func pointerEscaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
