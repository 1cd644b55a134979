import Foundation
import SpecwrightCore
import Testing

/// Helpers for OpenAPI importer tests: run the import + renderer on inline documents.
enum OpenAPISupport {
    /// The shared data directory: `shared/data` in the nearest ancestor folder of the package that
    /// has it (`../shared/data` beside a checkout, `../../shared/data` beside a worktree in `wt/`).
    /// When none has it, a path that does not exist: the corpus tests then iterate nothing.
    static let dataRoot: URL = {
        var directory = GenerationSupport.packageRoot
        for _ in 0..<8 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/data")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                return candidate
            }
        }
        return GenerationSupport.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// The output of one import.
    struct Output {
        var files: [String: String]
        var diagnostics: [String]
        var summary: ImportSummary?
        var succeeded: Bool

        /// All generated Swift text.
        var swift: String {
            ["Types.swift", "Endpoints.swift", "Client.swift"].compactMap { files[$0] }.joined(separator: "\n")
        }
        var types: String { files["Types.swift"] ?? "" }
        var endpoints: String { files["Endpoints.swift"] ?? "" }
        var client: String { files["Client.swift"] ?? "" }
    }

    /// Generates from an OpenAPI document given as text.
    static func generate(_ text: String, file: String = "api.yaml", filter: OperationFilter = .all) throws -> Output {
        try generate(bytes: Array(text.utf8), file: file, filter: filter)
    }

    /// Generates from an OpenAPI document's bytes.
    static func generate(bytes: [UInt8], file: String, filter: OperationFilter = .all) throws -> Output {
        var input = GenerationInput(bytes: bytes, file: file, filter: filter, templates: try TemplateSet.defaults())
        // the three classic files whatever the size (ShardedOutputTests covers shards)
        input.shards = ShardLayout(count: 1)
        let result = GenerationPipeline.run(input)
        #expect(result.summary?.importSummary != nil || result.summary == nil, "\(file) is not read as OpenAPI")
        var files: [String: String] = [:]
        for generated in result.files { files[generated.name] = generated.contents }
        return Output(
            files: files, diagnostics: result.diagnostics.map(\.description), summary: result.summary?.importSummary,
            succeeded: result.succeeded)
    }

    /// A minimal OpenAPI 3.0 document with the given `paths` and `components/schemas` blocks
    /// (already indented by two spaces per level under their keys).
    static func document(paths: String = "", schemas: String = "", extra: String = "", version: String = "3.0.3")
        -> String
    {
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
