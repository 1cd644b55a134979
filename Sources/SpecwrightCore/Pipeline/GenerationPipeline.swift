import SpecwrightYAML

/// The generator: one compiler-shaped pipeline with one entry point, ``run(_:through:)``, which
/// the CLI (`generate`, `validate`, `diff`), the SwiftPM plugins (through the CLI), the
/// benchmarks and the tests call.
///
///     bytes ─ source ─▶ node tree ─ front end ─▶ IR ─ passes ─▶ IR ─ render ─▶ files ─ write
///             SourceReader        FrontEnd:                IRPasses      SwiftClientRenderer   OutputWriter
///             (JSON or YAML,      spec: SpecLoader +       (filter,      (templates)           (CLI; or
///              which front end)   SpecLowering; OpenAPI:    reachability)                       OutputCheck)
///                                 OpenAPIImporter
///
/// Pure: reads nothing from disk and prints nothing. Every problem of every stage is a located
/// ``Diagnostic`` in the result; a stage whose input has errors does not run. `validate` and
/// `diff` are the same run stopped after the passes. See `docs/architecture.md`.
public enum GenerationPipeline {
    /// The stages a run can stop after, in order.
    public enum Stage: Int, Comparable, Sendable {
        /// Source and front end: the document parsed, checked and translated into IR.
        case frontEnd
        /// The IR passes.
        case passes
        /// Rendering: the generated files.
        case render

        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The largest input the pipeline reads (the parser's byte limit): callers refuse larger
    /// files before reading them.
    public static let maxInputBytes = YAMLLimits.default.maxBytes

    /// Runs the stages up to and including `last` on `input`.
    public static func run(_ input: GenerationInput, through last: Stage = .render) -> GenerationResult {
        let source = SourceReader.read(input.bytes, file: input.file)
        let translated = FrontEnd.translate(source, file: input.file, filter: input.filter)
        func result(_ stage: Stage, _ api: IR.API?, _ diagnostics: [Diagnostic], files: [GeneratedFile] = [],
                    templateFailure: TemplateSet.Failure? = nil) -> GenerationResult {
            GenerationResult(
                stage: stage, api: api, diagnostics: diagnostics, summary: translated.summary, root: translated.root,
                isOpenAPI: translated.isOpenAPI, document: translated.document, files: files, templateFailure: templateFailure)
        }
        guard let lowered = translated.api, last > .frontEnd else {
            return result(.frontEnd, translated.api, translated.diagnostics)
        }
        let passed = IRPasses.run(
            lowered, filter: input.filter, documentTypeNames: translated.documentTypeNames, filterApplied: translated.appliedFilter)
        let diagnostics = passed.diagnostics.isEmpty
            ? translated.diagnostics : DiagnosticBag.sortedByLocation(translated.diagnostics + passed.diagnostics)
        guard last > .passes else { return result(.passes, passed.api, diagnostics) }
        do {
            let files = try render(passed.api, input: input)
            return result(.render, passed.api, diagnostics, files: files)
        } catch {
            return result(.render, passed.api, diagnostics, templateFailure: error)
        }
    }

    /// The render stage: the API through the templates, file names prefixed, the input's
    /// provenance in every header.
    private static func render(_ api: IR.API, input: GenerationInput) throws(TemplateSet.Failure) -> [GeneratedFile] {
        let templates: TemplateSet
        if let given = input.templates { templates = given } else { templates = try TemplateSet.defaults() }
        var options = input.options
        options.provenance = Provenance(input: input.bytes, options: options, filter: input.filter, templates: templates)
        let files = try SwiftClientRenderer(templates: templates, options: options).render(api)
        return files.map { GeneratedFile(name: input.filePrefix + $0.name, contents: $0.contents) }
    }
}
