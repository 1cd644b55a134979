import Foundation
import Testing

/// `specwright export-openapi`: a spec's OpenAPI document to standard output; an OpenAPI document
/// or a missing `--output` is refused.
@Suite("export-openapi")
struct ExportOpenAPICommandTests {
    @Test("export-openapi writes the OpenAPI document of a spec to standard output")
    func exportToStandardOutput() {
        let spec = Array(GenerationSupport.spec().utf8)
        let run = runCLI(["export-openapi", "s.yaml", "--output", "-"], files: ["s.yaml": spec])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.hasPrefix("openapi: \"3.1.0\"\n"))
        #expect(run.standardOutput.contains("  /ping:\n    get:\n      operationId: \"ping\""))
    }

    @Test("export-openapi without --output is a usage error")
    func exportNeedsOutput() {
        let run = runCLI(["export-openapi", "s.yaml"], files: ["s.yaml": Array(GenerationSupport.spec().utf8)])
        #expect(run.exitCode == 2)
    }

    @Test func exportOpenAPIRefusesADocumentThatIsAlreadyOpenAPI() {
        let files = ["a.yaml": Array(OpenAPISupport.document().utf8)]
        let run = runCLI(["export-openapi", "a.yaml", "--output", "-"], files: files)
        #expect(run.exitCode == 1)
        #expect(
            run.standardError
                == "error: 'a.yaml' is already an OpenAPI document; export-openapi takes a Specwright spec\n")
    }
}
