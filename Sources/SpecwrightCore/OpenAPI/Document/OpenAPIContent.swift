import SpecwrightYAML

extension OpenAPI {
    /// A Request Body Object.
    struct RequestBody: OpenAPIObject {
        var location: SourceLocation
        var description: String?
        /// `content` in source order (empty when absent).
        var content: [MediaTypeEntry]
    }

    /// A Response Object.
    struct Response: OpenAPIObject {
        var location: SourceLocation
        /// `headers`: name and header in source order.
        var headers: [(name: String, header: Referenceable<Header>)]
        /// `content` in source order; nil when absent, empty when present but not a mapping.
        var content: [MediaTypeEntry]?
        /// `links`: each name at its value.
        var links: [Located<String>]
    }

    /// A Header Object.
    struct Header: OpenAPIObject {
        var location: SourceLocation
        var description: String?
        var schema: JSONSchema?
        /// `content` (a header described by one media type instead of a `schema`).
        var content: [MediaTypeEntry]
    }

    /// One entry of a `content` map.
    struct MediaTypeEntry: Sendable {
        /// The media type or range as written (`application/json`, `image/*`).
        var mediaType: String
        var media: MediaType
    }

    /// A Media Type Object.
    struct MediaType: OpenAPIObject {
        var location: SourceLocation
        var schema: JSONSchema?
        /// OAS 3.2 `itemSchema`: the schema of one item of a stream.
        var itemSchema: JSONSchema?
        /// `encoding`: property name and encoding in source order.
        var encoding: [(property: String, encoding: Encoding)]

        /// The encoding of property `name` (the first one, as a mapping lookup).
        func encoding(of name: String) -> Encoding? {
            encoding.first { $0.property == name }?.encoding
        }
    }

    /// An Encoding Object.
    struct Encoding: OpenAPIObject {
        var location: SourceLocation
        var contentType: String?
        var style: String?
        var explode: Bool?
    }
}
