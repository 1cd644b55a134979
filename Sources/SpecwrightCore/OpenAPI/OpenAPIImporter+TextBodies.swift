import SpecwrightYAML

/// Text bodies: a request or response body of a text media type whose schema is a plain
/// `type: string` is a Swift `String` (the runtime reads it with the `Content-Type`'s charset,
/// UTF-8 by default, and writes UTF-8), not `Data`. Text media types are `text/*` (except the
/// streamed `text/event-stream`), XML (`application/xml`, `*/*+xml`) and YAML (`application/yaml`,
/// `application/x-yaml`): a client cannot build or read XML or YAML for the caller, but they are
/// text, and a `String` is what a caller writes or shows. A string schema that says it is bytes
/// (`format: binary|byte`, `contentEncoding`, a `contentMediaType` that is not text) stays `Data`.
extension OpenAPIImporter {
    /// Whether `mediaType` is a text media type (see the extension's documentation).
    static func isTextMedia(_ mediaType: String) -> Bool {
        let base =
            mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if base == "text/event-stream" { return false }
        return base.hasPrefix("text/") || base == "application/xml" || base.hasSuffix("+xml")
            || base == "application/yaml" || base == "application/x-yaml"
    }

    /// Whether a content entry is text held in a `String`: a text media type whose schema is a
    /// string that does not say it is bytes (through `$ref`s).
    mutating func isTextContent(_ entry: OpenAPI.MediaTypeEntry) -> Bool {
        guard Self.isTextMedia(entry.mediaType), let schemaNode = entry.media.schema,
            let schema = resolved(schemaNode), schema.types == ["string"], !schema.hasContentEncoding
        else { return false }
        if let media = schema.contentMediaType, !Self.isTextual(mediaType: media) { return false }
        return schema.format != "binary" && schema.format != "byte"
    }
}
