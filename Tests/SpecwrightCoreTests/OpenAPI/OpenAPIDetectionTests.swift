import Foundation
import SpecwrightCore
import Testing

@Suite("OpenAPI detection")
struct OpenAPIDetectionTests {
    @Test("a Specwright spec is not taken for an OpenAPI document")
    func specwrightSpecIsNotOpenAPI() throws {
        let spec = GenerationSupport.spec()
        let result = GenerationPipeline.run(
            GenerationInput(bytes: Array(spec.utf8), file: "s.yaml"), through: .frontEnd)
        #expect(result.succeeded && !result.isOpenAPI && result.summary == .specwright(types: 0, endpoints: 1))
    }

    @Test("an OpenAPI 3.0 YAML document is imported, with server variables substituted")
    func openAPIYAMLIsImported() throws {
        let output = try OpenAPISupport.generate(OpenAPISupport.document())
        #expect(output.succeeded)
        #expect(output.client.contains("baseURL: URL(string: \"https://eu.snippet.example/v1\")!"))
        #expect(output.summary?.operationsGenerated == 1)
    }

    @Test("a JSON document is read by the JSON reader, surrogate pairs included")
    func jsonDocumentIsImported() throws {
        let json = """
            {"openapi": "3.1.0", "info": {"title": "J", "version": "1", "description": "thumbs \\ud83d\\udc4d"},
             "paths": {"/a": {"get": {"operationId": "getA", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": "string"}}}}}}}}}
            """
        let output = try OpenAPISupport.generate(json, file: "api.json")
        #expect(output.succeeded)
        #expect(output.client.contains("thumbs 👍"))
        #expect(output.client.contains("func getA() async throws -> String"))
    }

    @Test("a Swagger 2.0 document gets a located 'not supported' error")
    func swaggerIsRejected() throws {
        let output = try OpenAPISupport.generate("swagger: \"2.0\"\ninfo:\n  title: Old\npaths: {}\n", file: "old.yaml")
        #expect(!output.succeeded)
        #expect(
            output.diagnostics == [
                "old.yaml:1:10: error: Swagger 2.0 documents are not supported; convert the document to OpenAPI 3.0 or 3.1 first"
            ])
    }

    @Test("a document with info and paths but no openapi version is not mistaken for a Specwright spec")
    func missingVersionIsReported() throws {
        let output = try OpenAPISupport.generate("# openapi removed\ninfo:\n  title: X\npaths: {}\n", file: "x.yaml")
        #expect(!output.succeeded)
        #expect(
            output.diagnostics.first?.contains(
                "x.yaml:2:1: error: the document looks like OpenAPI ('info'/'paths') but has no 'openapi' version")
                == true)
    }

    @Test("a JSON syntax error is reported at its line and column")
    func jsonSyntaxErrorIsLocated() throws {
        let output = try OpenAPISupport.generate("{\"openapi\": \"3.0.0\",\n  \"info\": }", file: "bad.json")
        #expect(!output.succeeded)
        #expect(output.diagnostics.first?.hasPrefix("bad.json:2:") == true)
    }
}
