import SpecwrightYAML

/// The parsed input of a generation run: which front end reads it, and its located node tree.
enum ParsedSource {
    /// A Specwright spec (`specwright: 1`, or anything that is not OpenAPI).
    case specwright(Node)
    /// An OpenAPI 3.0.x or 3.1.x document.
    case openAPI(Node)
    /// The bytes could not be parsed, or hold a document version no front end reads.
    case failed(Diagnostic)
}

/// The pipeline's source stage: bytes → JSON or YAML node tree → which front end reads it.
///
/// A document that never mentions `openapi` or `swagger` is a Specwright spec and is parsed
/// once, as YAML. Anything else is parsed as JSON (when it looks like JSON) or YAML and told
/// apart by its top-level keys (``SourceDocumentKind``). Every failure is a located diagnostic.
enum SourceReader {
    /// Parses `bytes` (named `file` in diagnostics) and picks the front end.
    static func read(_ bytes: [UInt8], file: String) -> ParsedSource {
        guard SourceDocumentKind.mayBeOpenAPI(bytes) else { return specwright(bytes, file: file) }
        let root: Node
        switch SourceDocument.parse(bytes, file: file) {
        case .success(let node): root = node
        case .failure(let error): return .failed(Diagnostic(.error, error.message, at: error.location))
        }
        switch SourceDocumentKind.detect(root) {
        case .specwright:
            // A spec written as JSON is read by the YAML parser, as every spec always was.
            return JSONReader.looksLikeJSON(bytes) ? specwright(bytes, file: file) : .specwright(root)
        case .openAPI:
            return .openAPI(root)
        case .swagger(let version, let location), .unsupportedOpenAPI(let version, let location):
            return .failed(Diagnostic(.error, unsupportedMessage(version), at: location))
        }
    }

    /// A Specwright spec's bytes parsed as YAML.
    private static func specwright(_ bytes: [UInt8], file: String) -> ParsedSource {
        do {
            return .specwright(
                try YAMLParser.parseDocument(bytes, file: file, options: YAMLParseOptions(limits: .default)))
        } catch {
            return .failed(Diagnostic(.error, error.message, at: error.location))
        }
    }

    /// The error for a document version no front end reads.
    static func unsupportedMessage(_ version: String) -> String {
        if version.isEmpty {
            return
                "the document looks like OpenAPI ('info'/'paths') but has no 'openapi' version; add 'openapi: 3.1.0' (or the 3.0.x it follows)"
        }
        if version.hasPrefix("2") {
            return "Swagger \(version) documents are not supported; convert the document to OpenAPI 3.0 or 3.1 first"
        }
        return "OpenAPI \(version) is not supported; Specwright imports OpenAPI 3.0.x and 3.1.x"
    }

}
