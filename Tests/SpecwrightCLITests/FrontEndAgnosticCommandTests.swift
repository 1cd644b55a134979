import Foundation
import Testing

/// The CLI is argument parsing plus one pipeline call (#13): `generate` and `validate` do not know
/// which front ends exist. What differs per front end — which warnings `--strict` turns into
/// errors, what is printed about a document — is answered by the pipeline's result
/// (`StrictDiagnosticsTests` in SpecwrightCoreTests).
@Suite struct FrontEndAgnosticCommandTests {
    /// Names that belong to a front end or to choosing one.
    static let frontEndNames = [
        "isOpenAPI", ".openAPI", ".specwright(", "importSummary", "OpenAPIImporter", "OpenAPIGenerator",
        "ClientGenerator", "SpecLoader", "SpecLowering", "FrontEnd", "SourceReader", "SourceDocument"
    ]

    @Test(arguments: ["GenerateCommand.swift", "ValidateCommand.swift"])
    func theCommandNamesNoFrontEnd(file: String) throws {
        let source = String(decoding: try repositoryFile("Sources/SpecwrightCLI/\(file)"), as: UTF8.self)
        #expect(source.contains("GenerationPipeline.run("))
        for name in Self.frontEndNames {
            #expect(!source.contains(name), "Sources/SpecwrightCLI/\(file) uses '\(name)'")
        }
    }
}
