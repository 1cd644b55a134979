import Foundation
import SpecwrightCore
import Testing

/// OpenAPI importer tests run the import and the renderer on inline documents (`OpenAPISupport`
/// itself, with the document builder the CLI tests share, is in SpecwrightTestSupport).
extension OpenAPISupport {
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
}
