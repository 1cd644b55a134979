import Foundation
import Testing

/// The CLI routes OpenAPI documents to the importer and exports specs as OpenAPI.
@Suite("OpenAPI CLI")
struct OpenAPICLITests {
    static let petstore = Array(
        OpenAPISupport.document(
            paths: """
                  /pets:
                    get:
                      operationId: listPets
                      parameters:
                        - { name: session, in: cookie, schema: { type: string } }
                      responses:
                        '204': { description: ok }
                """
        ).utf8)

    @Test("validate accepts an OpenAPI document and prints its import summary and warnings")
    func validateOpenAPI() {
        let run = runCLI(["validate", "api.yaml"], files: ["api.yaml": Self.petstore])
        #expect(run.exitCode == 0)
        #expect(
            run.standardOutput.contains(
                "api.yaml: valid OpenAPI document (1 operations, 0 schemas, 1 skipped (cookie-parameter: 1))"))
        #expect(
            run.errorLines.contains {
                $0.hasPrefix("api.yaml:") && $0.contains(": warning: cookie parameter 'session'")
            })
    }

    @Test("validate rejects a Swagger 2.0 document with exit code 1")
    func validateSwagger() {
        let run = runCLI(
            ["validate", "old.json"], files: ["old.json": Array(#"{"swagger": "2.0", "info": {}, "paths": {}}"#.utf8)])
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("old.json:1:13: error: Swagger 2.0 documents are not supported"))
    }

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
}
