import Foundation
@testable import SpecwrightCore
import SpecwrightYAML
import Testing

/// Found by `Scripts/fuzz-documents.py` (docs/fuzzing.md): a name holding U+2028 (LINE
/// SEPARATOR) was copied raw into a diagnostic, which then printed as two lines for every tool
/// that ends lines where Unicode does (editors, Python's `splitlines`); a right-to-left override
/// reordered the rest of the printed line. Every diagnostic is one line of visible text.
@Suite("diagnostics stay one line")
struct DiagnosticLineTests {
    static let separators: [Unicode.Scalar] = ["\u{2028}", "\u{2029}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2067}"]

    @Test("Unicode line separators, C1 controls and bidirectional overrides are escaped", arguments: separators)
    func escapesSeparator(_ scalar: Unicode.Scalar) {
        let diagnostic = Diagnostic(
            .warning, "unknown key 'a\(Character(scalar))b'",
            at: SpecwrightYAML.SourceLocation(file: "a.yaml", line: 1, column: 1))
        #expect(diagnostic.description.split(whereSeparator: \.isNewline).count == 1)
        #expect(!diagnostic.description.unicodeScalars.contains(scalar))
        #expect(diagnostic.message == "unknown key 'a\\u{\(String(scalar.value, radix: 16))}b'")
    }

    @Test("a document's names with separators give one-line diagnostics")
    func documentDiagnosticsAreOneLine() {
        let text = #"""
            openapi: 3.0.3
            info: { title: T, version: "1" }
            "x\u2028y": 1
            "a\u2029b\u202Ec": 2
            paths: {}
            """#
        let result = GenerationPipeline.run(
            GenerationInput(bytes: Array(text.utf8), file: "api.yaml"), through: .frontEnd)
        let lines = result.diagnostics.map(\.description)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.split(whereSeparator: \.isNewline).count == 1 && $0.hasPrefix("api.yaml:") })
        #expect(lines.first?.contains(#"'x\u{2028}y'"#) == true, "\(lines)")
    }
}
