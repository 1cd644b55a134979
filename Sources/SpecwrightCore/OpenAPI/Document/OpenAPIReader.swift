import SpecwrightYAML

/// Reads the typed document (``OpenAPI/Document``) from the parsed node tree, once, before the
/// translation: the one place that knows OpenAPI's key names (this file and
/// `OpenAPIReader+*.swift`).
///
/// Reading is lenient, as the structure check (``OpenAPIStructureCheck``, which runs first and
/// reports every field of the wrong kind) expects: a field of the wrong kind reads as absent, a
/// list or map that is not one reads as empty, and any node reads as an object (a scalar as one
/// without fields), so reading never fails and never reports anything.
enum OpenAPIReader {
    /// The deepest nesting of schemas read: a schema nested deeper is read without the schemas
    /// nested in it, so reading never exhausts a thread's stack (512 KiB in a debug build). The
    /// structure check reports such a document (an error), and the importer stops at the same
    /// depth, counting `$ref` hops too.
    static let maxSchemaDepth = 256

    /// Reads the document whose root is `root`.
    static func document(_ root: Node) -> OpenAPI.Document {
        let info = root[OpenAPIKey.Document.info]
        let components = root[OpenAPIKey.Document.components]
        return OpenAPI.Document(
            location: root.location,
            version: root[OpenAPIKey.Document.openapi]?.openAPIText ?? "",
            info: OpenAPI.Info(
                title: info?[OpenAPIKey.Info.title]?.openAPIText,
                description: info?[OpenAPIKey.Info.description]?.openAPIText),
            servers: (root[OpenAPIKey.Document.servers]?.sequence ?? []).map(server),
            paths: (root[OpenAPIKey.Document.paths]?.mapping ?? []).compactMap { entry in
                entry.key.openAPIText.map {
                    OpenAPI.PathEntry(path: $0, keyLocation: entry.key.location, item: referenceable(entry.value))
                }
            },
            pathsLocation: root[OpenAPIKey.Document.paths]?.location ?? root.location,
            components: OpenAPI.Components(
                schemas: (components?[OpenAPIKey.Components.schemas]?.openAPIEntries ?? []).map {
                    ($0.key, OpenAPI.JSONSchema(reading: $0.value))
                },
                securitySchemes: (components?[OpenAPIKey.Components.securitySchemes]?.openAPIEntries ?? []).map {
                    ($0.key, referenceable($0.value))
                }),
            security: root[OpenAPIKey.Document.security].map(securityRequirements),
            webhooks: named(root[OpenAPIKey.Document.webhooks]),
            extensions: OpenAPI.DocumentExtensions(
                defaults: root.mapping?.first { $0.key.scalar?.text == "x-specwright-defaults" },
                envelope: root.mapping?.first { $0.key.scalar?.text == "x-specwright-envelope" },
                headers: root["x-specwright-headers"],
                dates: root["x-specwright-dates"]?.openAPIText))
    }

    /// A Reference Object when `node` has a `$ref`, else the object `node` is.
    static func referenceable<Value: OpenAPIObject>(_ node: Node) -> OpenAPI.Referenceable<Value> {
        if let reference = reference(node) { return .reference(reference) }
        return .value(Value(reading: node))
    }

    /// The Reference Object `node` is, if it has a `$ref` (whatever else it has).
    static func reference(_ node: Node) -> OpenAPI.Reference? {
        guard let text = node[OpenAPIKey.PathItem.reference]?.openAPIText else { return nil }
        return OpenAPI.Reference(
            text: text, location: node.location,
            keyLocation: node.keyLocation(OpenAPIKey.PathItem.reference.rawValue) ?? node.location)
    }

    /// The keys of a map, each at its value (empty when `node` is not a mapping).
    static func named(_ node: Node?) -> [Located<String>] {
        (node?.openAPIEntries ?? []).map { Located($0.key, at: $0.value.location) }
    }

    /// A `content` map.
    static func content(_ node: Node?) -> [OpenAPI.MediaTypeEntry] {
        (node?.openAPIEntries ?? []).map { OpenAPI.MediaTypeEntry(mediaType: $0.key, media: .init(reading: $0.value)) }
    }

    private static func server(_ node: Node) -> OpenAPI.Server {
        OpenAPI.Server(
            location: node.location,
            url: node[OpenAPIKey.Server.url].flatMap { url in url.openAPIText.map { Located($0, at: url.location) } },
            variables: (node[OpenAPIKey.Server.variables]?.openAPIEntries ?? []).map {
                ($0.key, $0.value[OpenAPIKey.ServerVariable.default]?.openAPIText)
            })
    }

    /// A `security` list: alternatives, each a map from scheme names to scopes.
    static func securityRequirements(_ node: Node) -> OpenAPI.SecurityRequirements {
        OpenAPI.SecurityRequirements(
            location: node.location,
            alternatives: node.sequence?.map { item in
                OpenAPI.SecurityRequirement(
                    location: item.location,
                    schemes: item.openAPIEntries.map { ($0.key, ($0.value.sequence ?? []).compactMap(\.openAPIText)) })
            })
    }
}

extension OpenAPI.SecurityScheme {
    init(reading node: Node) {
        self.init(
            location: node.location, type: node[OpenAPIKey.SecurityScheme.type]?.openAPIText,
            scheme: node[OpenAPIKey.SecurityScheme.scheme]?.openAPIText,
            name: node[OpenAPIKey.SecurityScheme.name]?.openAPIText,
            placement: node[OpenAPIKey.SecurityScheme.in]?.openAPIText)
    }
}
