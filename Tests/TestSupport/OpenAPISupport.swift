import Foundation

/// OpenAPI documents for generator and CLI tests: the shared data folder and a minimal document to
/// put `paths` and schemas in. (The generator tests add `generate(_:)`, which runs the pipeline, in
/// an extension of their own.)
public enum OpenAPISupport {
    /// The shared data directory: `shared/data` in the nearest ancestor folder of the package that
    /// has it (`../shared/data` beside a checkout, `../../shared/data` beside a worktree in `wt/`).
    /// When none has it, a path that does not exist: the corpus tests then iterate nothing.
    public static let dataRoot: URL = {
        var directory = repositoryRoot
        for _ in 0..<8 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/data")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                return candidate
            }
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// A minimal OpenAPI 3.0 document with the given `paths` and `components/schemas` blocks
    /// (already indented by two spaces per level under their keys).
    public static func document(
        paths: String = "", schemas: String = "", extra: String = "", version: String = "3.0.3"
    ) -> String {
        var text = """
            openapi: \(version)
            info:
              title: Snippet
              version: 1.0.0
            servers:
              - url: https://{region}.snippet.example/v1
                variables:
                  region:
                    default: eu
            \(extra)
            paths:

            """
        text +=
            paths.isEmpty
            ? "  /ping:\n    get:\n      responses:\n        '204':\n          description: ok\n" : paths + "\n"
        if !schemas.isEmpty { text += "components:\n  schemas:\n" + schemas }
        return text
    }
}
