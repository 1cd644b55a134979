import SpecwrightYAML

/// How ``OpenAPIReader`` reads path items, operations and parameters.
extension OpenAPI.PathItem {
    /// The HTTP method keys of a Path Item Object.
    static let methodKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(reading node: Node) {
        self.init(
            location: node.location,
            parameters: (node["parameters"]?.sequence ?? []).map(OpenAPIReader.referenceable),
            operations: node.openAPIEntries.filter { Self.methodKeys.contains($0.key) }.map {
                ($0.key, OpenAPI.Operation(reading: $0.value))
            })
    }
}

extension OpenAPI.Operation {
    init(reading node: Node) {
        let operationId = node["operationId"]
        self.init(
            location: node.location,
            operationId: operationId.map { Located($0.openAPIText, at: $0.location) },
            tags: node["tags"]?.openAPIStrings ?? [],
            summary: node["summary"]?.openAPIText,
            description: node["description"]?.openAPIText,
            deprecated: node["deprecated"]?.openAPIBool == true,
            parameters: (node["parameters"]?.sequence ?? []).map(OpenAPIReader.referenceable),
            requestBody: node["requestBody"].map(OpenAPIReader.referenceable),
            responses: (node["responses"]?.openAPIEntries ?? []).map {
                ($0.key, OpenAPIReader.referenceable($0.value))
            },
            callbacks: OpenAPIReader.named(node["callbacks"]),
            security: node["security"].map(OpenAPIReader.securityRequirements),
            settings: node["x-specwright"])
    }
}

extension OpenAPI.Parameter {
    init(reading node: Node) {
        self.init(
            location: node.location,
            name: node["name"]?.openAPIText,
            placement: node["in"]?.openAPIText,
            description: node["description"]?.openAPIText,
            required: node["required"]?.openAPIBool,
            style: node["style"]?.openAPIText,
            explode: node["explode"]?.openAPIBool,
            schema: node["schema"].map(OpenAPI.JSONSchema.init(reading:)))
    }
}
