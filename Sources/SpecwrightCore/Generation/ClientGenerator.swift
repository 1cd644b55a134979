/// The whole generator pipeline: spec bytes → validated spec → IR → rendered files.
///
/// Pure: reads nothing from disk and prints nothing; the CLI and the build plugin write the
/// files (``OutputWriter``) and print the diagnostics.
public enum ClientGenerator {
    /// The outcome of a run.
    public struct Result: Sendable {
        /// The generated files; empty when ``diagnostics`` holds an error.
        public let files: [GeneratedFile]
        /// Every diagnostic of loading, validating and lowering the spec, sorted by location.
        public let diagnostics: [Diagnostic]
        /// Set when the templates failed (a malformed `--templates` override).
        public let templateFailure: TemplateSet.Failure?

        /// Whether generation succeeded.
        public var succeeded: Bool { !diagnostics.contains(where: \.isError) && templateFailure == nil && !files.isEmpty }
    }

    /// Generates the client for the spec in `bytes` (named `file` in diagnostics and headers),
    /// keeping the endpoints `filter` selects and, with a filter, only the types they use.
    public static func generate(
        bytes: [UInt8], file: String, templates: TemplateSet, options: RenderOptions = RenderOptions(),
        filter: OperationFilter = .all
    ) -> Result {
        let loaded = SpecLoader.load(bytes: bytes, file: file)
        guard let document = loaded.document, !loaded.hasErrors else {
            return Result(files: [], diagnostics: loaded.diagnostics, templateFailure: nil)
        }
        let lowered = SpecLowering.lower(document)
        guard let unfiltered = lowered.api else {
            return Result(files: [], diagnostics: DiagnosticBag.sortedByLocation(loaded.diagnostics + lowered.diagnostics), templateFailure: nil)
        }
        let (api, filterWarnings) = filtered(unfiltered, document: document, by: filter)
        let diagnostics = DiagnosticBag.sortedByLocation(loaded.diagnostics + lowered.diagnostics + filterWarnings)
        var options = options
        options.provenance = Provenance(input: bytes, options: options, filter: filter, templates: templates)
        do {
            let files = try SwiftClientRenderer(templates: templates, options: options).render(api)
            return Result(files: files, diagnostics: diagnostics, templateFailure: nil)
        } catch {
            return Result(files: [], diagnostics: diagnostics, templateFailure: error)
        }
    }

    /// The lowered API with only the endpoints `filter` selects (matched by the spec's group,
    /// endpoint and path; the IR keeps the spec's order, one IR endpoint per spec endpoint) and,
    /// with a filter, only the types they use; plus a warning per filter entry matching nothing.
    private static func filtered(_ api: IR.API, document: SpecDocument, by filter: OperationFilter) -> (IR.API, [Diagnostic]) {
        guard !filter.isEmpty else { return (api, []) }
        var matched: Set<OperationFilter.Entry> = []
        var result = api
        result.groups = zip(api.groups, document.groups).compactMap { lowered, group in
            var kept = lowered
            kept.endpoints = zip(lowered.endpoints, group.endpoints).compactMap { endpoint, source in
                filter.includes(
                    names: [source.name, source.operationName], tags: [group.name], path: source.path.value.text,
                    matched: &matched) ? endpoint : nil
            }
            return kept.endpoints.isEmpty ? nil : kept
        }
        // A spec's type names are its Swift names, which `prunedTypes` matches by themselves.
        result = filter.prunedTypes(of: result, documentNames: [:], matched: &matched)
        return (result, filter.unmatchedWarnings(matched))
    }
}
