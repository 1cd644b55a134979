import SpecwrightYAML

/// The pipeline's front ends: a parsed document → ``IR/API``.
///
/// - Specwright spec: decode and validate (``SpecLoader``), then lower (``SpecLowering``).
/// - OpenAPI: import (``OpenAPIImporter``): the structure check of the node tree, the typed
///   document (``OpenAPIReader``), then its translation.
///
/// Both report located diagnostics and give no API when any is an error.
enum FrontEnd {
    /// What a front end produced.
    struct Output {
        /// The lowered API; nil when ``diagnostics`` holds an error or the source did not parse.
        var api: IR.API?
        /// Everything the source stage and the front end reported, sorted by location.
        var diagnostics: [Diagnostic]
        /// What the document holds; nil when it could not be read.
        var summary: DocumentSummary?
        /// The parsed document (``APIDiff`` locates changes in it); nil when it did not parse.
        var root: Node?
        /// Whether the document is OpenAPI.
        var isOpenAPI = false
        /// The decoded spec (Specwright front end, when it has no errors).
        var document: SpecDocument?
        /// Component schema name → Swift type name, for the filter's `schemas` (empty for a spec,
        /// whose type names are its Swift names).
        var documentTypeNames: [String: String] = [:]
        /// The type names the front end asked for, in order, for the naming pass.
        var typeNames = TypeNameRequests()
    }

    /// Translates `source` (named `file` in diagnostics): every operation and type.
    static func translate(_ source: ParsedSource, file: String, operationNaming: OperationNaming = .idiomatic) -> Output
    {
        switch source {
        case .failed(let diagnostic):
            return Output(api: nil, diagnostics: [diagnostic], summary: nil)
        case .specwright(let root):
            return specwright(root, file: file)
        case .openAPI(let root):
            let imported = OpenAPIImporter.translate(root, file: file, operationNaming: operationNaming)
            return Output(
                api: imported.api, diagnostics: imported.diagnostics, summary: .openAPI(imported.summary), root: root,
                isOpenAPI: true, documentTypeNames: imported.componentTypeNames, typeNames: imported.typeNameRequests)
        }
    }

    /// Decodes, validates and lowers a Specwright spec.
    private static func specwright(_ root: Node, file: String) -> Output {
        let loaded = SpecLoader.load(root: root, file: file)
        guard let document = loaded.document, !loaded.hasErrors else {
            return Output(api: nil, diagnostics: loaded.diagnostics, summary: nil, root: root)
        }
        let summary = DocumentSummary.specwright(types: document.types.count, endpoints: document.allEndpoints.count)
        let lowered = SpecLowering.lower(document)
        return Output(
            api: lowered.api, diagnostics: DiagnosticBag.sortedByLocation(loaded.diagnostics + lowered.diagnostics),
            summary: summary, root: root, document: document, typeNames: lowered.typeNameRequests)
    }
}
