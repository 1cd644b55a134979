import SpecwrightYAML

/// The result of loading a spec: the document when it is valid, and every diagnostic.
public struct SpecLoadResult: Sendable {
    /// The decoded document; nil when any error was found.
    public let document: SpecDocument?
    /// All diagnostics (errors, warnings, notes), sorted by location.
    public let diagnostics: [Diagnostic]

    /// Whether the spec has errors.
    public var hasErrors: Bool { diagnostics.contains { $0.isError } }
}

/// The front door of the spec front end: bytes in, ``SpecDocument`` and diagnostics out.
///
/// ```swift
/// let result = SpecLoader.load(bytes: Array(data), file: "specs/bookstore.yaml")
/// for diagnostic in result.diagnostics { print(diagnostic) }   // file:line:col: error: …
/// guard let document = result.document else { return }        // nil when there were errors
/// ```
///
/// Loading never throws, prints, crashes or hangs: YAML syntax errors, invalid UTF-8, alias
/// bombs and excessive nesting become located diagnostics like any spec error. All errors of a
/// file are reported in one call (up to ``DiagnosticBag/limit``).
public enum SpecLoader {
    /// Parses, decodes and validates a spec.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name used in diagnostics (usually the path as the user gave it).
    ///   - limits: parser limits against hostile input.
    public static func load(bytes: [UInt8], file: String, limits: YAMLLimits = .default) -> SpecLoadResult {
        let root: Node
        do {
            root = try YAMLParser.parseDocument(bytes, file: file, options: YAMLParseOptions(limits: limits))
        } catch {
            return SpecLoadResult(document: nil, diagnostics: [Diagnostic(.error, error.message, at: error.location)])
        }
        return load(root: root, file: file)
    }

    /// Decodes and validates an already parsed YAML document.
    public static func load(root: Node, file: String) -> SpecLoadResult {
        var decoder = SpecDecoder(file: file)
        let decoded = decoder.decodeDocument(root)
        var diagnostics = decoder.diagnostics
        if let decoded {
            var validator = SpecValidator(document: decoded, diagnostics: diagnostics)
            validator.validate()
            diagnostics = validator.diagnostics
        }
        let document = diagnostics.hasErrors ? nil : decoded
        return SpecLoadResult(document: document, diagnostics: diagnostics.sorted())
    }
}
