import SpecwrightYAML

/// What kind of document a file holds, told apart by its top-level keys.
public enum SourceDocumentKind: Hashable, Sendable {
    /// A Specwright spec (`specwright: 1`), or anything that is not OpenAPI.
    case specwright
    /// An OpenAPI 3.0.x or 3.1.x document (the `openapi:` value).
    case openAPI(version: String)
    /// An OpenAPI version this importer does not read (`openapi: 2.x`, `4.x`, …).
    case unsupportedOpenAPI(version: String, location: SourceLocation)
    /// A Swagger 2.0 document (`swagger: "2.0"`), which is not supported.
    case swagger(version: String, location: SourceLocation)

    /// Tells the kind from a parsed document's root.
    public static func detect(_ root: Node) -> SourceDocumentKind {
        if root["specwright"] != nil { return .specwright }
        if let value = root["openapi"] {
            let version = value.openAPIText ?? ""
            let location = value.location
            if version.hasPrefix("3.0") || version.hasPrefix("3.1") { return .openAPI(version: version) }
            return .unsupportedOpenAPI(version: version, location: location)
        }
        if let value = root["swagger"] {
            return .swagger(version: value.openAPIText ?? "", location: value.location)
        }
        if root["info"] != nil || root["paths"] != nil {
            // An OpenAPI document that lost its version line, not a Specwright spec (which has neither key).
            return .unsupportedOpenAPI(version: "", location: root.location)
        }
        return .specwright
    }

    /// A cheap pre-check on the raw bytes: whether the text mentions `openapi` or `swagger` at all.
    /// When it does not, the document is certainly a Specwright spec and need not be parsed twice.
    public static func mayBeOpenAPI(_ bytes: [UInt8]) -> Bool {
        contains(bytes, Array("openapi".utf8)) || contains(bytes, Array("swagger".utf8))
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Parses a document as JSON (when it looks like JSON) or YAML into the same located node tree.
///
/// JSON goes through ``JSONReader`` because libyaml rejects surrogate-pair escapes; either way
/// errors are located (`file:line:col`).
public enum SourceDocument {
    /// The root node, or the located parse error.
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> Result<Node, YAMLError> {
        do {
            // OpenAPI documents repeat keys only by mistake; the YAML parser's duplicate check stays on.
            let options = YAMLParseOptions(limits: limits)
            if JSONReader.looksLikeJSON(bytes) {
                return .success(try JSONReader.parseDocument(bytes, file: file, options: options))
            }
            return .success(try YAMLParser.parseDocument(bytes, file: file, options: options))
        } catch {
            return .failure(error)
        }
    }
}
