import SpecwrightYAML

/// The outcome of a ``GenerationPipeline`` run, up to the stage it was asked to stop after.
public struct GenerationResult: Sendable {
    /// The last stage that ran (an earlier one when the run stopped at an error).
    public let stage: GenerationPipeline.Stage
    /// The API after the last stage that ran; nil when the document has errors.
    public let api: IR.API?
    /// Every diagnostic of every stage, sorted by location.
    public let diagnostics: [Diagnostic]
    /// What the document holds; nil when it could not be read at all.
    public let summary: DocumentSummary?
    /// The parsed document; nil when it did not parse or the run rendered (to free its memory).
    public let root: Node?
    /// Whether the document is an OpenAPI document (else a Specwright spec).
    public let isOpenAPI: Bool
    /// The decoded Specwright spec (`export-openapi` writes it); nil for OpenAPI, on errors and
    /// when the run rendered.
    public let document: SpecDocument?
    /// The generated files, in a fixed order; empty unless the run rendered without errors.
    public let files: [GeneratedFile]
    /// Set when the templates failed (a malformed `--templates` override).
    public let templateFailure: TemplateSet.Failure?

    /// Whether every stage asked for ran without errors (and rendering produced files).
    public var succeeded: Bool {
        api != nil && !diagnostics.contains(where: \.isError) && templateFailure == nil
            && (stage != .render || !files.isEmpty)
    }

    /// The diagnostics as `validate --strict` shows them: with `strict`, every rule violation is
    /// an error — each warning of a Specwright spec, the `[structure]` warnings of an OpenAPI
    /// document (its other warnings name constructs the generator skips, not broken rules).
    public func diagnostics(strict: Bool) -> [Diagnostic] {
        guard strict else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .warning, !isOpenAPI || diagnostic.message.hasSuffix("[structure]") else {
                return diagnostic
            }
            return Diagnostic(.error, diagnostic.message, at: diagnostic.location, suggestion: diagnostic.suggestion)
        }
    }

    init(
        stage: GenerationPipeline.Stage, api: IR.API?, diagnostics: [Diagnostic], summary: DocumentSummary?,
        root: Node?,
        isOpenAPI: Bool, document: SpecDocument?, files: [GeneratedFile] = [],
        templateFailure: TemplateSet.Failure? = nil
    ) {
        self.stage = stage
        self.api = api
        self.diagnostics = diagnostics
        self.summary = summary
        self.root = root
        self.isOpenAPI = isOpenAPI
        self.document = document
        self.files = files
        self.templateFailure = templateFailure
    }
}
