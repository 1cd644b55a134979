import SpecwrightYAML

/// How ``OpenAPIReader`` reads Schema Objects.
extension OpenAPI.JSONSchema.Keywords {
    /// The keywords whose presence says a schema describes a type (``describesType``).
    private static let typeKeywords = [
        "$ref", "type", "properties", "enum", "items", "allOf", "oneOf", "anyOf", "additionalProperties", "const"
    ]

    init(reading node: Node) {
        typealias Schema = OpenAPI.JSONSchema
        switch node.kind {
        case .mapping(let entries): form = .mapping(isEmpty: entries.isEmpty)
        case .scalar: form = node.openAPIBool.map(Schema.Form.boolean) ?? .other
        case .sequence: form = .other
        }
        self.node = node
        reference = OpenAPIReader.reference(node)
        referenceKeyLocation = node.keyLocation("$ref")
        let type = node["type"]
        if let type, type.scalar != nil, let name = type.openAPIText {
            types = name == "null" ? [] : [name]
        } else {
            types = (type?.openAPIStrings ?? []).filter { $0 != "null" }
        }
        typeLocation = type?.location
        isNullType = type?.openAPIText == "null"
        allowsNullByType = node["nullable"]?.openAPIBool == true || type?.openAPIStrings.contains("null") == true
        format = node["format"]?.openAPIText
        enumValues = node["enum"]?.sequence
        enumLocation = node["enum"]?.location
        enumVariableNameLists = ["x-enum-varnames", "x-enumNames"].compactMap { node[$0]?.openAPIStrings }
        constant = node["const"]
        defaultValue = node["default"]
        allOf = node["allOf"]?.sequence?.map(Schema.init(reading:))
        oneOf = node["oneOf"]?.sequence?.map(Schema.init(reading:))
        anyOf = node["anyOf"]?.sequence?.map(Schema.init(reading:))
        hasOneOf = node["oneOf"] != nil
        properties = (node["properties"]?.openAPIEntries ?? []).map { ($0.key, Schema(reading: $0.value)) }
        required = node["required"]?.openAPIStrings ?? []
        items = node["items"].map(Schema.init(reading:))
        additionalProperties = node["additionalProperties"].map(Schema.init(reading:))
        let discriminator = node["discriminator"]
        discriminatorProperty = discriminator?["propertyName"]?.openAPIText
        discriminatorMapping =
            discriminator?["mapping"]?.openAPIEntries.compactMap { entry in
                entry.value.openAPIText.map { (value: entry.key, target: $0) }
            } ?? []
        title = node["title"]?.openAPIText
        hasTitle = node["title"] != nil
        description = node["description"]?.openAPIText
        deprecated = node["deprecated"]?.openAPIBool == true
        readOnly = node["readOnly"]?.openAPIBool == true
        writeOnly = node["writeOnly"]?.openAPIBool == true
        hasContentEncoding = node["contentEncoding"] != nil
        contentMediaType = node["contentMediaType"]?.openAPIText
        swiftName = node["x-specwright-name"]?.openAPIText
        describesType = Self.typeKeywords.contains { node[$0] != nil }
    }
}

extension OpenAPI.JSONSchema {
    /// What makes two schemas written at different places the same type: the schema's content
    /// without locations and, at its top, without the keywords that only document one use
    /// (`description`, `example`, `default` …, `title` too when `ignoringTitle`) or extend it
    /// (`x-`). Nil when the schema is not a mapping or its content is too large to be worth a key.
    func contentKey(ignoringTitle: Bool) -> String? {
        guard let entries = keywords.node.mapping else { return nil }
        var ignored = Self.useOnlyKeywords
        if ignoringTitle { ignored.insert("title") }
        var text = "{"
        for entry in entries {
            guard let key = entry.key.scalar?.text, !ignored.contains(key), !key.hasPrefix("x-") else { continue }
            text += key + ":"
            guard Self.appendCanonical(entry.value, to: &text) else { return nil }
            text += ","
        }
        return text + "}"
    }

    /// Keywords that describe one use of a schema, not the type.
    private static let useOnlyKeywords: Set<String> = [
        "description", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment",
        "externalDocs"
    ]

    /// The most text a key may take (a larger schema is not shared: the key would cost more than it saves).
    private static let contentKeyLimit = 20_000

    /// Appends `node` without locations or styles; `false` once the text passes the limit.
    private static func appendCanonical(_ node: Node, to text: inout String) -> Bool {
        guard text.utf8.count <= contentKeyLimit else { return false }
        switch node.kind {
        case .scalar(let scalar):
            text += "\(scalar.value)"
        case .sequence(let items):
            text += "["
            for item in items {
                guard appendCanonical(item, to: &text) else { return false }
                text += ","
            }
            text += "]"
        case .mapping(let entries):
            text += "{"
            for entry in entries {
                text += "\(entry.key.scalar?.value ?? .null):"
                guard appendCanonical(entry.value, to: &text) else { return false }
                text += ","
            }
            text += "}"
        }
        return true
    }
}
