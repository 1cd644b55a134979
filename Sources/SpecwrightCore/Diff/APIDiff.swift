import Foundation
import SpecwrightYAML

/// `specwright diff <old> <new>`: loads two versions of an API (two Specwright specs or two
/// OpenAPI documents, YAML or JSON), compares their IR (``APIComparison``) and locates every
/// change in both documents. Pure: reads no files and prints nothing.
public enum APIDiff {
    /// One document version: its bytes and the name used in diagnostics.
    public struct Input: Sendable {
        /// The document's contents.
        public let bytes: [UInt8]
        /// The path as the user gave it.
        public let file: String

        /// Creates an input.
        public init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }
    }

    /// The outcome of a comparison.
    public struct Report: Sendable {
        /// The located changes, breaking first; empty when a document failed to load.
        public let changes: [LocatedAPIChange]
        /// Load errors (and warnings) of either document; an error means nothing was compared.
        public let diagnostics: [Diagnostic]

        /// Whether both documents loaded.
        public var succeeded: Bool { !diagnostics.contains(where: \.isError) }
        /// How many changes break old clients.
        public var breakingCount: Int { changes.count { $0.change.kind == .breaking } }
        /// How many changes old clients tolerate.
        public var compatibleCount: Int { changes.count { $0.change.kind == .compatible } }

        /// `2 breaking changes, 1 compatible change (old.yaml → new.yaml)`.
        public func summary(old: String, new: String) -> String {
            func count(_ number: Int, _ word: String) -> String { "\(number) \(word) change\(number == 1 ? "" : "s")" }
            return "\(count(breakingCount, "breaking")), \(count(compatibleCount, "compatible")) (\(old) → \(new))"
        }
    }

    /// Compares `old` with `new`.
    public static func compare(old: Input, new: Input) -> Report {
        let before = load(old)
        let after = load(new)
        let diagnostics = (before.diagnostics + after.diagnostics).filter(\.isError)
        guard let oldAPI = before.api, let newAPI = after.api, let oldRoot = before.root, let newRoot = after.root
        else {
            return Report(
                changes: [],
                diagnostics: diagnostics.isEmpty
                    ? [Diagnostic(.error, "nothing to compare", at: SourceLocation(file: new.file, line: 1, column: 1))]
                    : diagnostics)
        }
        if before.isOpenAPI != after.isOpenAPI {
            let message = "cannot compare a Specwright spec with an OpenAPI document; give two of the same format"
            return Report(changes: [], diagnostics: diagnostics + [Diagnostic(.error, message, at: newRoot.location)])
        }
        let oldLocator = SourceLocator(root: oldRoot, api: oldAPI, isOpenAPI: before.isOpenAPI)
        let newLocator = SourceLocator(root: newRoot, api: newAPI, isOpenAPI: after.isOpenAPI)
        let changes = APIComparison.changes(from: oldAPI, to: newAPI).map { change in
            LocatedAPIChange(
                change: change, location: newLocator.nearest(change.subject),
                oldLocation: oldLocator.locate(change.subject))
        }
        return Report(changes: changes, diagnostics: diagnostics)
    }

    /// One loaded document: the generation pipeline run up to rendering.
    private struct Loaded {
        var api: IR.API?
        var root: Node?
        var isOpenAPI = false
        var diagnostics: [Diagnostic] = []
    }

    /// Parses and lowers (spec) or imports (OpenAPI) a document, through the IR passes.
    private static func load(_ input: Input) -> Loaded {
        let result = GenerationPipeline.run(GenerationInput(bytes: input.bytes, file: input.file), through: .passes)
        guard result.succeeded else { return Loaded(diagnostics: result.diagnostics) }
        return Loaded(api: result.api, root: result.root, isOpenAPI: result.isOpenAPI, diagnostics: result.diagnostics)
    }
}
