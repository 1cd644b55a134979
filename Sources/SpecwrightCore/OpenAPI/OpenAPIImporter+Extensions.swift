import SpecwrightYAML

/// The `x-specwright` extensions `specwright export-openapi` writes for what OpenAPI has no words
/// for, read back in the spec format's own words (the spec decoder reads them, so they accept
/// what a spec and a generation config accept, with the same messages):
///
/// - on the document: `x-specwright-defaults` (`timeout`, `retry`, `cache` of every operation),
///   `x-specwright-envelope`, `x-specwright-headers` (static headers), `x-specwright-dates`;
/// - on an operation: `x-specwright` (`timeout`, `retry`, `cache` with `lifetime`, `idempotent`,
///   `gate`, `batch`, `invalidates`), kept as ``IR/EndpointSource/settings`` for the policy pass,
///   which resolves the names in it and applies it before the generation config's `policies`.
extension OpenAPIImporter {
    /// The document's service-wide extensions: defaults and envelope as an overlay, and the
    /// static headers. Problems are located errors.
    mutating func serviceExtensions() -> (overlay: PolicyOverlay, headers: [IR.Header]) {
        var overlay = PolicyOverlay()
        var found: [Diagnostic] = []
        let extensions = document.extensions
        for (key, entry) in [("defaults", extensions.defaults), ("envelope", extensions.envelope)] {
            if let entry { overlay.read(key, entry, file: file, diagnostics: &found) }
        }
        var headers: [IR.Header] = []
        if let node = extensions.headers {
            var decoder = SpecDecoder(file: file)
            headers = decoder.decodeStaticHeaders(node).map {
                IR.Header(name: IR.StringLiteral($0.name), value: IR.StringLiteral($0.value))
            }
            found += decoder.diagnostics.diagnostics
        }
        for diagnostic in found { diagnostics.report(diagnostic) }
        return (overlay, headers)
    }

    /// An operation's `x-specwright` settings, nil without them (or when they have errors, which
    /// are reported).
    mutating func operationSettings(_ operation: OpenAPI.Operation) -> OperationSettings? {
        guard let node = operation.settings else { return nil }
        var found: [Diagnostic] = []
        let settings = OperationSettings.read(node, context: "'x-specwright'", file: file, diagnostics: &found)
        for diagnostic in found { diagnostics.report(diagnostic) }
        return settings
    }
}
