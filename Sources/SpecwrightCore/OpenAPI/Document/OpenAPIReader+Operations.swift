import SpecwrightYAML

/// How ``OpenAPIReader`` reads path items, operations and parameters.
extension OpenAPI.PathItem {
    /// The HTTP method keys of a Path Item Object.
    static let methodKeys = Set(OpenAPIKey.PathItem.methods.map(\.rawValue))

    init(reading node: Node) {
        self.init(
            location: node.location,
            parameters: (node[OpenAPIKey.PathItem.parameters]?.sequence ?? []).map(OpenAPIReader.referenceable),
            operations: node.openAPIEntries.filter { Self.methodKeys.contains($0.key) }.map {
                ($0.key, OpenAPI.Operation(reading: $0.value))
            })
    }
}

extension OpenAPI.Operation {
    init(reading node: Node) {
        typealias Key = OpenAPIKey.Operation
        let operationId = node[Key.operationId]
        self.init(
            location: node.location,
            operationId: operationId.map { Located($0.openAPIText, at: $0.location) },
            tags: node[Key.tags]?.openAPIStrings ?? [],
            summary: node[Key.summary]?.openAPIText,
            description: node[Key.description]?.openAPIText,
            deprecated: node[Key.deprecated]?.openAPIBool == true,
            parameters: (node[Key.parameters]?.sequence ?? []).map(OpenAPIReader.referenceable),
            requestBody: node[Key.requestBody].map(OpenAPIReader.referenceable),
            responses: (node[Key.responses]?.openAPIEntries ?? []).map {
                ($0.key, OpenAPIReader.referenceable($0.value))
            },
            callbacks: OpenAPIReader.named(node[Key.callbacks]),
            security: node[Key.security].map(OpenAPIReader.securityRequirements),
            settings: node["x-specwright"])
    }
}

extension OpenAPI.Parameter {
    init(reading node: Node) {
        typealias Key = OpenAPIKey.Parameter
        self.init(
            location: node.location,
            name: node[Key.name]?.openAPIText,
            placement: node[Key.in]?.openAPIText,
            description: node[Key.description]?.openAPIText,
            required: node[Key.required]?.openAPIBool,
            style: node[Key.style]?.openAPIText,
            explode: node[Key.explode]?.openAPIBool,
            schema: node[Key.schema].map(OpenAPI.JSONSchema.init(reading:)),
            content: OpenAPIReader.content(node[Key.content]),
            allowReserved: node[Key.allowReserved].map { Located($0.openAPIBool, at: $0.location) })
    }
}
