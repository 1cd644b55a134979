import SpecwrightYAML

extension OpenAPI {
    /// A Path Item Object.
    struct PathItem: OpenAPIObject {
        var location: SourceLocation
        /// `parameters` shared by its operations.
        var parameters: [Referenceable<Parameter>]
        /// The operations under HTTP method keys, in source order (`get`, `post`, … `options`,
        /// `trace`), keyed by the method as written.
        var operations: [(method: String, operation: Operation)]
    }

    /// An Operation Object.
    struct Operation: OpenAPIObject {
        var location: SourceLocation
        /// `operationId`: where it is, and its text (nil when it is not text).
        var operationId: Located<String?>?
        /// `tags` (the texts of a list).
        var tags: [String]
        var summary: String?
        var description: String?
        /// `deprecated: true`.
        var deprecated: Bool
        var parameters: [Referenceable<Parameter>]
        var requestBody: Referenceable<RequestBody>?
        /// `responses`: status code (`200`, `4XX`, `default`) and response, in source order.
        var responses: [(status: String, response: Referenceable<Response>)]
        /// `callbacks`: each name at its value.
        var callbacks: [Located<String>]
        /// `security`, nil when absent.
        var security: SecurityRequirements?
        /// `x-specwright`: the operation's settings in the spec format's words.
        var settings: Node?

        /// The `operationId` text.
        var id: String? { operationId?.value }
    }

    /// A Parameter Object.
    struct Parameter: OpenAPIObject {
        var location: SourceLocation
        var name: String?
        /// `in`: `path`, `query`, `header`, `cookie` (as written).
        var placement: String?
        var description: String?
        /// `required: true` (nil when absent or not a boolean).
        var required: Bool?
        var style: String?
        var explode: Bool?
        var schema: JSONSchema?
        /// `content`: the one media type (and schema) of a parameter written as, say, JSON text.
        var content: [MediaTypeEntry] = []
        /// `allowReserved` (nil when absent or not a boolean) and where it is written.
        var allowReserved: Located<Bool?>? = nil
    }
}
