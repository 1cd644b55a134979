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
