import SpecwrightYAML

/// The typed OpenAPI 3.0/3.1 document: the stage between the parsed node tree and the
/// translation to IR (``OpenAPIImporter``), like OpenAPIKit's `OpenAPI.Document` for
/// swift-openapi-generator, except that every value keeps the place it was written
/// (diagnostics are `file:line:col`).
///
/// ``OpenAPIReader`` builds it once from the node tree and is the only code that knows OpenAPI's
/// key names. It reads as leniently as the importer always did: a field of the wrong kind reads as
/// absent (``OpenAPIStructureCheck`` has reported it already), so no document makes it fail.
/// `$ref`s stay ``Referenceable/reference(_:)`` values: the importer resolves them where it uses
/// them, so that what a reference reports belongs to the operation that uses it.
enum OpenAPI {
    /// The document's root (OpenAPI Object).
    struct Document: Sendable {
        /// Where the document starts.
        var location: SourceLocation
        /// `openapi`: the version text (`3.0.3`, `3.1.0`), empty when absent.
        var version: String
        /// `info`'s title and description.
        var info: Info
        /// `servers` (empty when absent or not a list).
        var servers: [Server]
        /// `paths` in source order (entries whose key is not text are left out).
        var paths: [PathEntry]
        /// Where `paths` is (the root's location when absent).
        var pathsLocation: SourceLocation
        /// `components`.
        var components: Components
        /// The top-level `security`, nil when absent.
        var security: SecurityRequirements?
        /// `webhooks`: each name at its path item.
        var webhooks: [Located<String>]
        /// The `x-specwright-*` extensions of the document.
        var extensions: DocumentExtensions
    }

    /// The Info Object's texts the client documents.
    struct Info: Sendable {
        var title: String?
        var description: String?
    }

    /// A Server Object.
    struct Server: Sendable {
        var location: SourceLocation
        /// `url` when it is text.
        var url: Located<String>?
        /// `variables`: name and `default` in source order.
        var variables: [(name: String, defaultValue: String?)]
    }

    /// One entry of `paths`.
    struct PathEntry: Sendable {
        /// The path template (`/pets/{petId}`).
        var path: String
        /// Where the key is written.
        var keyLocation: SourceLocation
        /// The path item, or a reference to one.
        var item: Referenceable<PathItem>
    }

    /// The Components Object's parts the importer starts from (other components are reached
    /// through `$ref`s).
    struct Components: Sendable {
        /// `schemas` in source order.
        var schemas: [(name: String, schema: JSONSchema)]
        /// `securitySchemes` in source order.
        var securitySchemes: [(name: String, scheme: Referenceable<SecurityScheme>)]

        /// The security scheme declared as `name` (the first one, as a mapping lookup), if any.
        func securityScheme(named name: String) -> Referenceable<SecurityScheme>? {
            securitySchemes.first { $0.name == name }?.scheme
        }
    }

    /// The document's `x-specwright-*` extensions, written in the spec format's words (the spec
    /// decoder reads their contents).
    struct DocumentExtensions: Sendable {
        /// `x-specwright-defaults` (the whole entry: its key locates messages).
        var defaults: MappingEntry?
        /// `x-specwright-envelope`.
        var envelope: MappingEntry?
        /// `x-specwright-headers`.
        var headers: Node?
        /// `x-specwright-dates` as text.
        var dates: String?
    }
}
