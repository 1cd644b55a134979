import SpecwrightYAML

/// `body:` and `response:` — a type expression, or a mapping that also names the media type of
/// raw bytes: `body: { type: FilePart, contentType: image/png, description: … }` (a file or
/// `Data` sent with that `Content-Type` unless the caller's `FilePart` names another) and
/// `response: { type: Data, contentType: [image/png, image/jpeg] }` (the media types the
/// response comes in, sent as `Accept`). A `String` with a text `contentType` (`text/*`, XML, YAML:
/// `response: { type: String, contentType: text/plain }`) is text, read with the response's charset.
extension SpecDecoder {
    static let bodyKeys = ["type", "contentType", "description"]
    static let responseKeys = ["type", "contentType"]

    /// A request body: its type, the declared content type of a binary body, its description.
    struct DecodedBody {
        var type: TypeUse
        var contentType: String?
        var description: String?
    }

    /// `body:` in either form; a `contentType` is only for a binary body (`Data`, `FilePart`).
    mutating func decodeBody(_ node: Node, owner: SourceLocation) -> DecodedBody? {
        guard node.mapping != nil else { return typeUse(node, "'body'").map { DecodedBody(type: $0) } }
        guard
            let reader = MappingReader(
                node, context: "'body'", allowed: Self.bodyKeys, owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let type = reader.required("type", diagnostics: &diagnostics).flatMap { typeUse($0, "'body'") }
        let description = reader["description"].flatMap { text($0, "'description'") }
        let contentTypeNode = reader["contentType"]
        let contentType = contentTypeNode.flatMap { contentTypeText($0) }
        guard let type else { return nil }
        if let contentTypeNode, let contentType, !Self.isBinary(type.expression),
            !Self.isText(type.expression, contentType)
        {
            diagnostics.error(
                "'contentType' is the media type of a binary body ('Data' or 'FilePart') or of text ('String' with a text media type such as 'text/plain'); a '\(type.expression)' body is sent as JSON",
                at: contentTypeNode.location)
        }
        return DecodedBody(type: type, contentType: contentType, description: description)
    }

    /// `response:` in either form, with the media types a binary (`Data`) response declares
    /// (one, or a list); empty when none are declared.
    mutating func decodeResponse(_ node: Node, owner: SourceLocation) -> (type: TypeUse, contentTypes: [String])? {
        guard node.mapping != nil else { return typeUse(node, "'response'").map { ($0, []) } }
        guard
            let reader = MappingReader(
                node, context: "'response'", allowed: Self.responseKeys, owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let type = reader.required("type", diagnostics: &diagnostics).flatMap { typeUse($0, "'response'") }
        var contentTypes: [String] = []
        if let list = reader["contentType"] {
            let items = list.sequence ?? [list]
            if items.isEmpty {
                diagnostics.error("'contentType' lists no media type", at: list.location)
            }
            for item in items {
                guard let mediaType = contentTypeText(item) else { continue }
                if Self.isDecodedMediaType(mediaType) {
                    diagnostics.error(
                        "'\(mediaType)' is decoded, not raw bytes: declare the response's type instead of 'Data'",
                        at: item.location)
                } else {
                    contentTypes.append(mediaType)
                }
            }
            if let type, type.expression != .primitive(.data),
                contentTypes.isEmpty || !contentTypes.allSatisfy({ Self.isText(type.expression, $0) })
            {
                diagnostics.error(
                    "'contentType' is the media type of a binary response ('Data') or of text ('String' with text media types such as 'text/plain'); a '\(type.expression)' response is decoded from JSON",
                    at: list.location)
            }
        }
        return type.map { ($0, contentTypes) }
    }

    /// Whether a body of this type is raw bytes: `Data` or a `FilePart`.
    private static func isBinary(_ expression: TypeExpression) -> Bool {
        expression == .primitive(.data) || expression == .primitive(.file)
    }

    /// Whether a body of this type in this media type is text: a `String` in `text/*`, XML or YAML.
    static func isText(_ expression: TypeExpression, _ mediaType: String) -> Bool {
        expression == .primitive(.string) && OpenAPIImporter.isTextMedia(mediaType)
    }

    /// JSON and the streamed media types: the generated client decodes those, never returns their bytes.
    private static func isDecodedMediaType(_ mediaType: String) -> Bool {
        let lowered = mediaType.lowercased()
        return lowered == "application/json" || lowered.hasSuffix("+json") || lowered == "text/event-stream"
            || ["application/jsonl", "application/x-ndjson", "application/x-jsonlines"].contains(lowered)
    }
}
