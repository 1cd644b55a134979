import SpecwrightYAML

/// How ``OpenAPIReader`` reads request bodies, responses, headers and media types.
extension OpenAPI.RequestBody {
    init(reading node: Node) {
        self.init(
            location: node.location, description: node["description"]?.openAPIText,
            content: OpenAPIReader.content(node["content"]))
    }
}

extension OpenAPI.Response {
    init(reading node: Node) {
        self.init(
            location: node.location,
            headers: (node["headers"]?.openAPIEntries ?? []).map { ($0.key, OpenAPIReader.referenceable($0.value)) },
            content: node["content"].map { OpenAPIReader.content($0) },
            links: OpenAPIReader.named(node["links"]))
    }
}

extension OpenAPI.Header {
    init(reading node: Node) {
        self.init(
            location: node.location, description: node["description"]?.openAPIText,
            schema: node["schema"].map(OpenAPI.JSONSchema.init(reading:)),
            content: OpenAPIReader.content(node["content"]))
    }
}

extension OpenAPI.MediaType {
    init(reading node: Node) {
        self.init(
            location: node.location, schema: node["schema"].map(OpenAPI.JSONSchema.init(reading:)),
            itemSchema: node["itemSchema"].map(OpenAPI.JSONSchema.init(reading:)),
            encoding: (node["encoding"]?.openAPIEntries ?? []).map { ($0.key, OpenAPI.Encoding(reading: $0.value)) })
    }
}

extension OpenAPI.Encoding {
    init(reading node: Node) {
        self.init(
            location: node.location, contentType: node["contentType"]?.openAPIText, style: node["style"]?.openAPIText,
            explode: node["explode"]?.openAPIBool)
    }
}
