import SpecwrightYAML

/// The generator pipeline for OpenAPI documents: bytes → node tree (JSON or YAML) → IR
/// (``OpenAPIImporter``) → rendered files. Pure, like ``ClientGenerator``.
public enum OpenAPIGenerator {
    /// The outcome of a run: the generator's result plus the import summary.
    public struct Result: Sendable {
        /// Files, diagnostics and template failure, as for a Specwright spec.
        public let generation: ClientGenerator.Result
        /// What was generated and skipped; nil when the document could not be imported at all.
        public let summary: ImportSummary?
    }

    /// Generates the client for an OpenAPI document whose root is already parsed (the
    /// operations `filter` selects).
    public static func generate(
        root: Node, file: String, templates: TemplateSet, options: RenderOptions = RenderOptions(),
        filter: OperationFilter = .all
    ) -> Result {
        let imported = OpenAPIImporter.importDocument(root, file: file, filter: filter)
        return render(imported, templates: templates, options: options)
    }

    /// Parses `bytes` and, when they hold an OpenAPI (or Swagger) document, imports and
    /// generates it; nil when the document is a Specwright spec (the caller uses ``ClientGenerator``).
    public static func generateIfOpenAPI(
        bytes: [UInt8], file: String, templates: TemplateSet, options: RenderOptions = RenderOptions(),
        filter: OperationFilter = .all
    ) -> Result? {
        guard let imported = importIfOpenAPI(bytes: bytes, file: file, filter: filter) else { return nil }
        var options = options
        options.provenance = Provenance(input: bytes, options: options, filter: filter, templates: templates)
        return render(imported, templates: templates, options: options)
    }

    /// Renders an import's API (nothing when the import failed), keeping its diagnostics and summary.
    private static func render(_ imported: OpenAPIImporter.Result, templates: TemplateSet, options: RenderOptions) -> Result {
        guard let api = imported.api else {
            return Result(generation: ClientGenerator.Result(files: [], diagnostics: imported.diagnostics, templateFailure: nil), summary: imported.summary)
        }
        do {
            let files = try SwiftClientRenderer(templates: templates, options: options).render(api)
            return Result(
                generation: ClientGenerator.Result(files: files, diagnostics: imported.diagnostics, templateFailure: nil),
                summary: imported.summary)
        } catch {
            return Result(
                generation: ClientGenerator.Result(files: [], diagnostics: imported.diagnostics, templateFailure: error),
                summary: imported.summary)
        }
    }

    /// Parses `bytes` and imports them when they hold an OpenAPI document; nil for a Specwright
    /// spec. Swagger 2.0 and other unsupported versions give an error diagnostic (and no API).
    public static func importIfOpenAPI(bytes: [UInt8], file: String, filter: OperationFilter = .all) -> OpenAPIImporter.Result? {
        guard SourceDocumentKind.mayBeOpenAPI(bytes) else { return nil }
        let root: Node
        switch SourceDocument.parse(bytes, file: file) {
        case .success(let node): root = node
        case .failure(let error):
            // The Specwright path reports YAML errors unless the text is clearly JSON.
            guard JSONReader.looksLikeJSON(bytes) else { return nil }
            return failure(Diagnostic(.error, error.message, at: error.location))
        }
        switch SourceDocumentKind.detect(root) {
        case .specwright:
            return nil
        case .openAPI:
            return OpenAPIImporter.importDocument(root, file: file, filter: filter)
        case .swagger(let version, let location), .unsupportedOpenAPI(let version, let location):
            return failure(Diagnostic(.error, unsupportedMessage(version), at: location))
        }
    }

    private static func failure(_ diagnostic: Diagnostic) -> OpenAPIImporter.Result {
        OpenAPIImporter.Result(api: nil, diagnostics: [diagnostic], summary: ImportSummary())
    }

    /// The error for a document version the importer does not read.
    static func unsupportedMessage(_ version: String) -> String {
        if version.isEmpty {
            return "the document looks like OpenAPI ('info'/'paths') but has no 'openapi' version; add 'openapi: 3.1.0' (or the 3.0.x it follows)"
        }
        if version.hasPrefix("2") {
            return "Swagger \(version) documents are not supported; convert the document to OpenAPI 3.0 or 3.1 first"
        }
        return "OpenAPI \(version) is not supported; Specwright imports OpenAPI 3.0.x and 3.1.x"
    }
}
