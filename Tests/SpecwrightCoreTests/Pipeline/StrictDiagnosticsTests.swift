import Foundation
import SpecwrightCore
import Testing

/// What differs per front end is answered by the pipeline's result, so the commands need not know
/// which front ends exist (`FrontEndAgnosticCommandTests` in SpecwrightCLITests): which warnings
/// `--strict` turns into errors, and what is printed about a document.
@Suite struct StrictDiagnosticsTests {
    static func run(_ text: String, file: String) -> GenerationResult {
        GenerationPipeline.run(GenerationInput(bytes: Array(text.utf8), file: file), through: .passes)
    }

    @Test func strictMakesEveryWarningOfASpecAnError() {
        let result = Self.run(
            """
            specwright: 1
            name: Finder
            baseURL: https://finder.example
            types:
              Query:
                properties:
                  text: String
            endpoints:
              find:
                byText:
                  get: /find
                  body: Query
            """, file: "finder.yaml")
        #expect(result.succeeded)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics(strict: false) == result.diagnostics)
        #expect(result.diagnostics(strict: true).map(\.severity) == [.error])
        #expect(result.diagnostics(strict: true).map(\.message) == result.diagnostics.map(\.message))
        #expect(result.summary?.validationReport == "valid (1 types, 1 endpoints)")
        #expect(result.summary?.generationReport == nil)
    }

    @Test func strictMakesOnlyTheStructureWarningsOfAnOpenAPIDocumentErrors() throws {
        let result = Self.run(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            overlays: x
            paths:
              /t:
                get:
                  operationId: getTask
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Task" }
            components:
              schemas:
                Task: { type: object, properties: { id: { type: string } } }
            """, file: "t.yaml")
        #expect(result.succeeded)
        let lenient = result.diagnostics(strict: false)
        let structure = try #require(lenient.firstIndex { $0.message.hasSuffix("[structure]") })
        let naming = try #require(lenient.firstIndex { $0.message.hasSuffix("[naming]") })
        #expect(lenient[structure].severity == .warning && lenient[naming].severity == .warning)
        let strict = result.diagnostics(strict: true)
        #expect(strict[structure].severity == .error)
        #expect(strict[naming].severity == .warning)
        #expect(result.summary?.validationReport.hasPrefix("valid OpenAPI document (") == true)
        #expect(result.summary?.generationReport?.hasPrefix("imported ") == true)
    }
}
