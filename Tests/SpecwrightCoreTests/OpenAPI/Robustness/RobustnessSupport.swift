import Foundation
@testable import SpecwrightCore
import SpecwrightYAML
import Testing

/// Builders and checks for the hostile-document tests (issue 17): inputs are made large enough
/// that quadratic or exponential work would take minutes, so a regression shows as a hang of the
/// test run rather than as a timing assertion (timed assertions are not allowed here).
enum Robustness {
    /// `file:line:col` of the first occurrence of `needle` in `text` (1-based, columns in scalars).
    static func location(of needle: String, in text: String, file: String = "api.yaml") throws -> String {
        let range = try #require(text.range(of: needle))
        let before = text[..<range.lowerBound]
        let line = before.count(where: { $0 == "\n" }) + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let column = text.unicodeScalars[lineStart..<range.lowerBound].count + 1
        return "\(file):\(line):\(column)"
    }

    /// The error diagnostics of an output.
    static func errors(_ output: OpenAPISupport.Output) -> [String] {
        output.diagnostics.filter { $0.contains(": error: ") }
    }

    /// A document with `paths` and `schemas` given as JSON-compatible flow text (already complete).
    static func jsonDocument(paths: String = "{}", schemas: String) -> String {
        #"{"openapi": "3.0.3", "info": {"title": "Big", "version": "1"}, "paths": \#(paths), "components": {"schemas": \#(schemas)}}"#
    }

    /// Parses and imports a document without rendering it (for inputs whose output is huge).
    static func importDocument(_ text: String, file: String) throws -> OpenAPIImporter.Result {
        let root = try SourceDocument.parse(Array(text.utf8), file: file).get()
        return OpenAPIImporter.importDocument(root, file: file)
    }

    /// The declared type names of a rendered Types.swift (for "no duplicate declarations").
    static func declaredTypeNames(_ types: String) -> [String] {
        types.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(where: { ["struct", "enum", "typealias"].contains($0) }),
                index + 1 < words.count,
                words.prefix(index).allSatisfy({ ["public", "package", "internal", "indirect"].contains($0) })
            else { return nil }
            return String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }
}
