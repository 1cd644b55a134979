import Foundation
import Testing

/// Builds version pairs from real documents: the original as `old.<ext>`, a copy with exactly
/// one edit as `new.<ext>`, and runs `specwright diff old new` on them in-process.
enum DiffSupport {
    static let openAPIFolder = OpenAPISupport.dataRoot.appendingPathComponent("openapi")

    /// The text of a corpus document, or nil when the shared data is absent (the test is skipped).
    static func corpus(_ name: String) -> String? {
        FileManager.default.contents(atPath: openAPIFolder.appendingPathComponent(name).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The text of a file of this package.
    static func packageFile(_ path: String) throws -> String {
        let url = repositoryRoot.appendingPathComponent(path)
        return String(decoding: try #require(FileManager.default.contents(atPath: url.path)), as: UTF8.self)
    }

    /// `text` with `old` (which must occur exactly once) replaced by `new`.
    static func mutated(_ text: String, _ old: String, _ new: String) throws -> String {
        try #require(text.components(separatedBy: old).count == 2, "the edit must match exactly once: \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Runs `specwright diff old.<ext> new.<ext> [extra…]` on the two texts.
    static func diff(_ old: String, _ new: String, ext: String = "yaml", _ extra: [String] = []) -> CLIRun {
        runCLI(
            ["diff", "old.\(ext)", "new.\(ext)"] + extra,
            files: ["old.\(ext)": Array(old.utf8), "new.\(ext)": Array(new.utf8)])
    }

    /// The 1-based line of the first line containing `fragment`.
    static func line(of fragment: String, in text: String) throws -> Int {
        let lines = text.components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(fragment) }) + 1
    }
}
