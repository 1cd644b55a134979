import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The naming pass decides the OpenAPI operations' method names (`Passes/TypeNaming+Endpoints.swift`)
/// after the filter: a kept operation no longer keeps the name it was given because an operation
/// the filter left out took the one it wanted, and its response-header struct and the
/// `invalidates` that name it follow.
@Suite("Endpoint naming pass")
struct EndpointNamingPassTests {
    /// `getPet` and `get_pet` under one tag, both with response headers: translated in order, the
    /// second is `getPetValue`. `createPet` (same path as `get_pet`) invalidates `get_pet`.
    static let document = """
        openapi: 3.1.0
        info: { title: Pets, version: '1' }
        servers: [{ url: 'https://pets.example' }]
        paths:
          /a:
            get:
              operationId: getPet
              tags: [pets]
              responses:
                '200':
                  description: ok
                  headers: { X-Rate: { schema: { type: integer } } }
                  content: { application/json: { schema: { type: string } } }
          /b:
            get:
              operationId: get_pet
              tags: [pets]
              responses:
                '200':
                  description: ok
                  headers: { X-Rate: { schema: { type: integer } } }
                  content: { application/json: { schema: { type: string } } }
            post:
              operationId: createPet
              tags: [pets]
              x-specwright: { invalidates: [get_pet] }
              responses: { '204': { description: done } }

        """

    static func run(paths: [String], through stage: GenerationPipeline.Stage = .render) throws -> GenerationResult {
        let location = SourceLocation(file: "config.yaml", line: 1, column: 1)
        return GenerationPipeline.run(
            GenerationInput(
                bytes: Array(document.utf8), file: "pets.yaml",
                filter: OperationFilter(paths: paths.map { OperationFilter.Entry($0, at: location) }),
                templates: try TemplateSet.defaults()),
            through: stage)
    }

    static func endpoints(_ result: GenerationResult) throws -> [IR.Endpoint] {
        try #require(result.api).groups.flatMap(\.endpoints)
    }

    static func namingWarnings(_ result: GenerationResult) -> [String] {
        result.diagnostics.map(\.message).filter { $0.hasSuffix("[naming]") }
    }

    @Test func withoutAFilterTheFirstComerKeepsTheName() throws {
        let result = try Self.run(paths: [])
        let endpoints = try Self.endpoints(result)
        #expect(endpoints.map(\.name.name) == ["getPet", "getPetValue", "createPet"])
        #expect(endpoints.map(\.operationName.value) == ["pets.getPet", "pets.getPetValue", "pets.createPet"])
        #expect(
            endpoints.compactMap(\.responseHeadersName?.name) == ["GetPetResponseHeaders", "GetPetValueResponseHeaders"]
        )
        #expect(endpoints[2].options.invalidates.map(\.value) == ["pets.getPetValue"])
        #expect(
            Self.namingWarnings(result) == [
                "operation 'get_pet' has the same Swift name as an earlier one; it is generated as 'getPetValue' [naming]"
            ])
        #expect(result.summary?.importSummary?.skipped[.naming] == 1)
    }

    @Test func aKeptOperationTakesTheNameOfOneLeftOut() throws {
        let result = try Self.run(paths: ["/b"])
        let endpoints = try Self.endpoints(result)
        #expect(endpoints.map(\.name.name) == ["getPet", "createPet"])
        #expect(endpoints.map(\.operationName.value) == ["pets.getPet", "pets.createPet"])
        #expect(endpoints.compactMap(\.responseHeadersName?.name) == ["GetPetResponseHeaders"])
        #expect(endpoints[1].options.invalidates.map(\.value) == ["pets.getPet"])
        #expect(Self.namingWarnings(result).isEmpty, "\(result.diagnostics)")
        #expect(result.summary?.importSummary?.skipped[.naming] == nil)
        let code = result.files.map(\.contents).joined()
        #expect(code.contains("func getPet(") && code.contains("\"pets.getPet\""))
        #expect(!code.contains("getPetValue") && !code.contains("GetPetValue"))
    }

    @Test func theWarningOfAnOperationLeftOutGoesWithIt() throws {
        let result = try Self.run(paths: ["/a"])
        let endpoints = try Self.endpoints(result)
        #expect(endpoints.map(\.name.name) == ["getPet"])
        #expect(endpoints.compactMap(\.responseHeadersName?.name) == ["GetPetResponseHeaders"])
        #expect(Self.namingWarnings(result).isEmpty, "\(result.diagnostics)")
        #expect(result.summary?.importSummary?.skipped[.naming] == nil)
    }
}
