import Foundation
import Testing

/// `specwright validate` on an OpenAPI document: the pipeline reads it as OpenAPI and the command
/// prints its import summary and warnings.
@Suite("validate on OpenAPI documents")
struct ValidateOpenAPITests {
    static let petstore = Array(
        OpenAPISupport.document(
            paths: """
                  /pets:
                    get:
                      operationId: listPets
                      parameters:
                        - { name: doc, in: query, content: { application/xml: { schema: { type: string } } } }
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
                "api.yaml: valid OpenAPI document (1 operations, 0 schemas, 1 skipped (parameter-style: 1))"))
        #expect(
            run.errorLines.contains {
                $0.hasPrefix("api.yaml:") && $0.contains(": warning: query parameter 'doc' is not sent")
            })
    }

    @Test("validate rejects a Swagger 2.0 document with exit code 1")
    func validateSwagger() {
        let run = runCLI(
            ["validate", "old.json"], files: ["old.json": Array(#"{"swagger": "2.0", "info": {}, "paths": {}}"#.utf8)])
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("old.json:1:13: error: Swagger 2.0 documents are not supported"))
    }
}
