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

    /// Generates the client for the spec in `bytes` (named `file` in diagnostics and headers).
    public static func generate(
        bytes: [UInt8], file: String, templates: TemplateSet, options: RenderOptions = RenderOptions()
    ) -> Result {
        let loaded = SpecLoader.load(bytes: bytes, file: file)
        guard let document = loaded.document, !loaded.hasErrors else {
            return Result(files: [], diagnostics: loaded.diagnostics, templateFailure: nil)
        }
        let lowered = SpecLowering.lower(document)
        let diagnostics = DiagnosticBag.sortedByLocation(loaded.diagnostics + lowered.diagnostics)
        guard let api = lowered.api else {
            return Result(files: [], diagnostics: diagnostics, templateFailure: nil)
        }
        do {
            let files = try SwiftClientRenderer(templates: templates, options: options).render(api)
            return Result(files: files, diagnostics: diagnostics, templateFailure: nil)
        } catch {
            return Result(files: [], diagnostics: diagnostics, templateFailure: error)
        }
    }
}
