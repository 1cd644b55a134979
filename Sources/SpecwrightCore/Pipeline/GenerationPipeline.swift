import SpecwrightYAML

/// The generator: one compiler-shaped pipeline with one entry point, ``run(_:through:)``, which
/// the CLI (`generate`, `validate`, `diff`), the SwiftPM plugins (through the CLI), the
/// benchmarks and the tests call.
///
///     bytes ─ source ─▶ node tree ─ front end ─▶ IR ─ passes ─▶ IR ─ render ─▶ files ─ write
///             SourceReader        FrontEnd:                IRPasses      SwiftClientRenderer   OutputWriter
///             (JSON or YAML,      spec: SpecLoader +       (filter,      (templates)           (CLI; or
///              which front end)   SpecLowering; OpenAPI:    policy overlay,                     OutputCheck)
///                                                           reachability,
///                                                           recursion boxing,
///                                 OpenAPIImporter           naming)
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
        var translated = FrontEnd.translate(
            SourceReader.read(input.bytes, file: input.file), file: input.file, operationNaming: input.operationNaming)
        // Rendering reads neither the node tree nor the spec document: they are let go before
        // the stage that allocates most (a run that stops earlier returns them: diff, export).
        let (root, document) = last == .render ? (nil, nil) : (translated.root, translated.document)
        (translated.root, translated.document) = (nil, nil)
        var summary = translated.summary
        let isOpenAPI = translated.isOpenAPI
        func result(
            _ stage: Stage, _ api: IR.API?, _ diagnostics: [Diagnostic], files: [GeneratedFile] = [],
            templateFailure: TemplateSet.Failure? = nil
        ) -> GenerationResult {
            GenerationResult(
                stage: stage, api: api, diagnostics: diagnostics, summary: summary, root: root,
                isOpenAPI: isOpenAPI, document: document, files: files, templateFailure: templateFailure)
        }
        guard let lowered = translated.api, last > .frontEnd else {
            // An operation's error leaves the API to the filter pass; a run that stops before it fails.
            let failed = translated.diagnostics.contains(where: \.isError)
            return result(.frontEnd, failed ? nil : translated.api, translated.diagnostics)
        }
        let passed = IRPasses.run(
            lowered, filter: input.filter, overlay: input.overlay, documentTypeNames: translated.documentTypeNames,
            typeNames: translated.typeNames)
        let withdrawn = withdrawals(
            leftOut: passed.leftOut.diagnostics,
            kept: passed.api.groups.flatMap(\.endpoints).flatMap(\.source.diagnostics),
            reported: translated.diagnostics)
        var diagnostics = withdrawing(withdrawn, from: translated.diagnostics)
        let withdrawnRenames = diagnostics.count
        diagnostics = withdrawing(passed.renames.withdrawn, from: diagnostics)
        let renameChange = passed.renames.added.count - (withdrawnRenames - diagnostics.count)
        if !passed.diagnostics.isEmpty || !passed.renames.added.isEmpty {
            diagnostics = DiagnosticBag.sortedByLocation(diagnostics + passed.diagnostics + passed.renames.added)
        }
        let quoting = namingQuotedTypes(in: diagnostics, api: passed.api, filtered: !input.filter.isEmpty)
        diagnostics = quoting.diagnostics
        if case .openAPI(var imported)? = summary {
            imported.leaveOut(passed.leftOut.endpoints, reporting: withdrawn + quoting.withdrawn)
            imported.countNamingWarnings(renameChange)
            imported.schemasGenerated = passed.api.types.count
            summary = .openAPI(imported)
        }
        guard !diagnostics.contains(where: \.isError) else { return result(.passes, nil, diagnostics) }
        guard last > .passes else { return result(.passes, passed.api, diagnostics) }
        do {
            let files = try render(passed.api, input: input)
            return result(.render, passed.api, diagnostics, files: files)
        } catch {
            return result(.render, passed.api, diagnostics, templateFailure: error)
        }
    }

    /// What the front end reported about the endpoints the filter left out (`leftOut`) that the
    /// output no longer reports. A diagnostic the front end reported once per endpoint goes with
    /// each endpoint left out; one reported once and attached to several endpoints (a warning
    /// about a union that several operations use) stays while any of them is kept (`kept`: the
    /// diagnostics of the kept endpoints; `reported`: everything the front end reported).
    private static func withdrawals(leftOut: [Diagnostic], kept: [Diagnostic], reported: [Diagnostic])
        -> [Diagnostic]
    {
        guard !leftOut.isEmpty else { return [] }
        var counts: [Diagnostic: (leftOut: Int, kept: Int, reported: Int)] = [:]
        var order: [Diagnostic] = []
        for diagnostic in leftOut {
            if counts[diagnostic] == nil { order.append(diagnostic) }
            counts[diagnostic, default: (0, 0, 0)].leftOut += 1
        }
        for diagnostic in kept where counts[diagnostic] != nil { counts[diagnostic]?.kept += 1 }
        for diagnostic in reported where counts[diagnostic] != nil { counts[diagnostic]?.reported += 1 }
        return order.flatMap { diagnostic -> [Diagnostic] in
            guard let count = counts[diagnostic] else { return [] }
            let unattached = max(0, count.reported - count.leftOut - count.kept)
            let stays = min(count.reported, unattached + min(count.kept, count.reported))
            return Array(repeating: diagnostic, count: count.reported - stays)
        }
    }

    /// `diagnostics` quoting the final names of the types they quote (``DiagnosticText``): the
    /// front ends and the passes before naming wrote the names the types had then. With a filter,
    /// a warning that quotes a type the output does not declare (the filter left it out) is
    /// withdrawn, like the rename warnings of such types (``TypeNaming``).
    private static func namingQuotedTypes(in diagnostics: [Diagnostic], api: IR.API, filtered: Bool) -> (
        diagnostics: [Diagnostic], withdrawn: [Diagnostic]
    ) {
        guard diagnostics.contains(where: { !$0.quotedTypes.isEmpty }) else { return (diagnostics, []) }
        let names = TypeNaming.declaredNames(in: api)
        var kept: [Diagnostic] = []
        var withdrawn: [Diagnostic] = []
        for diagnostic in diagnostics {
            let undeclared = diagnostic.quotedTypes.contains { names[$0.id] == nil && $0.id != .runtime($0.name) }
            if filtered, !diagnostic.isError, undeclared {
                withdrawn.append(diagnostic)
            } else {
                kept.append(diagnostic.namingTypes { names[$0] })
            }
        }
        return (kept, withdrawn)
    }

    /// `diagnostics` without one occurrence of each of `withdrawn`, in their order.
    private static func withdrawing(_ withdrawn: [Diagnostic], from diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !withdrawn.isEmpty else { return diagnostics }
        var pending: [Diagnostic: Int] = [:]
        for diagnostic in withdrawn { pending[diagnostic, default: 0] += 1 }
        return diagnostics.filter { diagnostic in
            guard let count = pending[diagnostic], count > 0 else { return true }
            pending[diagnostic] = count - 1
            return false
        }
    }

    /// The render stage: the API through the templates into the files of the input's
    /// ``ShardLayout``, file names prefixed, the input's provenance in the (root) header.
    private static func render(_ api: IR.API, input: GenerationInput) throws(TemplateSet.Failure) -> [GeneratedFile] {
        let templates: TemplateSet
        if let given = input.templates { templates = given } else { templates = try TemplateSet.defaults() }
        var options = input.options
        options.shards = input.shards ?? ShardLayout.automatic(inputBytes: input.bytes.count)
        options.provenance = Provenance(
            input: input.bytes, options: options, filter: input.filter, overlay: input.overlay, templates: templates)
        let files = try SwiftClientRenderer(templates: templates, options: options).render(api)
        return files.map { GeneratedFile(name: input.filePrefix + $0.name, contents: $0.contents) }
    }
}
