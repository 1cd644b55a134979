import SpecwrightYAML

/// How ``OpenAPIReader`` reads request bodies, responses, headers and media types.
extension OpenAPI.RequestBody {
    init(reading node: Node) {
        self.init(
            location: node.location, description: node[OpenAPIKey.RequestBody.description]?.openAPIText,
            content: OpenAPIReader.content(node[OpenAPIKey.RequestBody.content]))
    }
}

extension OpenAPI.Response {
    init(reading node: Node) {
        self.init(
            location: node.location,
            headers: (node[OpenAPIKey.Response.headers]?.openAPIEntries ?? []).map {
                ($0.key, OpenAPIReader.referenceable($0.value))
            },
            content: node[OpenAPIKey.Response.content].map { OpenAPIReader.content($0) },
            links: OpenAPIReader.named(node[OpenAPIKey.Response.links]))
    }
}

extension OpenAPI.Header {
    init(reading node: Node) {
        self.init(
            location: node.location, description: node[OpenAPIKey.Header.description]?.openAPIText,
            schema: node[OpenAPIKey.Header.schema].map(OpenAPI.JSONSchema.init(reading:)),
            content: OpenAPIReader.content(node[OpenAPIKey.Header.content]))
    }
}

extension OpenAPI.MediaType {
    init(reading node: Node) {
        self.init(
            location: node.location, schema: node[OpenAPIKey.MediaType.schema].map(OpenAPI.JSONSchema.init(reading:)),
            itemSchema: node[OpenAPIKey.MediaType.itemSchema].map(OpenAPI.JSONSchema.init(reading:)),
            encoding: (node[OpenAPIKey.MediaType.encoding]?.openAPIEntries ?? []).map {
                ($0.key, OpenAPI.Encoding(reading: $0.value))
            })
    }
}

extension OpenAPI.Encoding {
    init(reading node: Node) {
        self.init(
            location: node.location, contentType: node[OpenAPIKey.Encoding.contentType]?.openAPIText,
            style: node[OpenAPIKey.Encoding.style]?.openAPIText, explode: node[OpenAPIKey.Encoding.explode]?.openAPIBool
        )
    }
}
