import SpecwrightYAML

/// How ``OpenAPIReader`` reads Schema Objects.
extension OpenAPI.JSONSchema.Keywords {
    init(reading node: Node, depth: Int) {
        typealias Schema = OpenAPI.JSONSchema
        let nests = depth < OpenAPIReader.maxSchemaDepth
        func nested(_ node: Node) -> Schema { Schema(reading: node, depth: depth + 1) }
        switch node.kind {
        case .mapping(let entries): form = .mapping(isEmpty: entries.isEmpty)
        case .scalar: form = node.openAPIBool.map(Schema.Form.boolean) ?? .other
        case .sequence: form = .other
        }
        self.node = node
        let keyword = SchemaKeywordNodes(node)
        let referenceKeyLocation = keyword.keyLocation(.reference)
        self.referenceKeyLocation = referenceKeyLocation
        reference = keyword[.reference]?.openAPIText.map {
            OpenAPI.Reference(text: $0, location: node.location, keyLocation: referenceKeyLocation ?? node.location)
        }
        let type = keyword[.type]
        if let type, type.scalar != nil, let name = type.openAPIText {
            types = name == "null" ? [] : [name]
        } else {
            types = (type?.openAPIStrings ?? []).filter { $0 != "null" }
        }
        typeLocation = type?.location
        isNullType = type?.openAPIText == "null"
        allowsNullByType = keyword[.nullable]?.openAPIBool == true || type?.openAPIStrings.contains("null") == true
        format = keyword[.format]?.openAPIText
        let enumValues = keyword[.enum]
        self.enumValues = enumValues?.sequence
        enumLocation = enumValues?.location
        enumVariableNameLists = [keyword[.enumVarnames], keyword[.enumNames]].compactMap { $0?.openAPIStrings }
        constant = keyword[.const]
        defaultValue = keyword[.default]
        allOf = nests ? keyword[.allOf]?.sequence?.map(nested) : nil
        oneOf = nests ? keyword[.oneOf]?.sequence?.map(nested) : nil
        anyOf = nests ? keyword[.anyOf]?.sequence?.map(nested) : nil
        hasOneOf = keyword[.oneOf] != nil
        properties = nests ? (keyword[.properties]?.openAPIEntries ?? []).map { ($0.key, nested($0.value)) } : []
        required = keyword[.required]?.openAPIStrings ?? []
        items = nests ? keyword[.items].map(nested) : nil
        additionalProperties = nests ? keyword[.additionalProperties].map(nested) : nil
        let discriminator = keyword[.discriminator]
        discriminatorProperty = discriminator?[OpenAPIKey.Discriminator.propertyName]?.openAPIText
        discriminatorMapping =
            discriminator?[OpenAPIKey.Discriminator.mapping]?.openAPIEntries.compactMap { entry in
                entry.value.openAPIText.map { (value: entry.key, target: $0, location: entry.value.location) }
            } ?? []
        let title = keyword[.title]
        self.title = title?.openAPIText
        hasTitle = title != nil
        description = keyword[.description]?.openAPIText
        deprecated = keyword[.deprecated]?.openAPIBool == true
        readOnly = keyword[.readOnly]?.openAPIBool == true
        writeOnly = keyword[.writeOnly]?.openAPIBool == true
        hasContentEncoding = keyword[.contentEncoding] != nil
        contentMediaType = keyword[.contentMediaType]?.openAPIText
        swiftName = keyword[.swiftName]?.openAPIText
        describesType = keyword.describesType
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

    /// Keywords that describe one use of a schema, not the type (``OpenAPIKey/Schema/describesOneUse``).
    private static let useOnlyKeywords = Set(OpenAPIKey.Schema.allCases.filter(\.describesOneUse).map(\.rawValue))

    /// The most text a key may take (a larger schema is not shared: the key would cost more than it saves).
    private static let contentKeyLimit = 20_000

    /// Appends `node` without locations or styles; `false` once the text passes the limit.
    private static func appendCanonical(_ node: Node, to text: inout String) -> Bool {
        guard text.utf8.count <= contentKeyLimit else { return false }
        switch node.kind {
        case .scalar(let scalar):
            appendCanonical(scalar.value, to: &text)
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
                appendCanonical(entry.key.scalar?.value ?? .null, to: &text)
                text += ":"
                guard appendCanonical(entry.value, to: &text) else { return false }
                text += ","
            }
            text += "}"
        }
        return true
    }

    /// Appends `"\(value)"` as reflection would print it (`string("a")`, `int(1)`, `null`), without
    /// reflection, which cost ~10,000 instructions a scalar.
    static func appendCanonical(_ value: ScalarValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "bool(true)" : "bool(false)"
        case .int(let number): text += "int(\(number))"
        case .bigInt(let digits): text += "bigInt(\(String(reflecting: digits)))"
        case .float(let number): text += "float(\(String(reflecting: number)))"
        case .string(let string): text += "string(\(String(reflecting: string)))"
        }
    }
}
