import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// The generation config's `filter`: only the selected operations and the types they use.
@Suite("OpenAPI operation filter")
struct OpenAPIFilterTests {
    static let location = SourceLocation(file: "config.yaml", line: 1, column: 1)

    static func entries(_ names: String...) -> [OperationFilter.Entry] {
        names.map { OperationFilter.Entry($0, at: location) }
    }

    static let document = OpenAPISupport.document(
        paths: """
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
              /pets/{petId}:
                get:
                  operationId: showPetById
                  tags: [pets]
                  parameters:
                    - { name: petId, in: path, required: true, schema: { type: string } }
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                    default: { description: error, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
              /stores:
                get:
                  operationId: listStores
                  tags: [stores]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Store' } } } }
            """,
        schemas: """
                Pet:
                  type: object
                  properties:
                    name: { type: string }
                    owner: { $ref: '#/components/schemas/Owner' }
                Owner:
                  type: object
                  properties:
                    name: { type: string }
                Problem:
                  type: object
                  properties:
                    detail: { type: string }
                Store:
                  type: object
                  properties:
                    pets: { type: array, items: { $ref: '#/components/schemas/Pet' } }
                Unused:
                  type: object
                  properties:
                    x: { type: integer }
            """)

    @Test("an operationId keeps that operation and the types it uses, through other types and error bodies")
    func byOperation() throws {
        let output = try OpenAPISupport.generate(
            Self.document, filter: OperationFilter(operations: Self.entries("showPetById")))
        #expect(output.succeeded)
        #expect(output.client.contains("func showPetById(petId: String)"))
        #expect(!output.client.contains("listPets") && !output.client.contains("listStores"))
        for kept in ["struct Pet:", "struct Owner:", "struct Problem:"] { #expect(output.types.contains(kept)) }
        for dropped in ["struct Store:", "struct Unused:"] { #expect(!output.types.contains(dropped)) }
        #expect(output.summary?.operationsGenerated == 1)
        #expect(output.summary?.schemasGenerated == 3)
        #expect(
            output.summary?.description == "1 operations, 3 schemas, 0 skipped, 2 operations left out by the filter")
    }

    @Test("tags and paths select too (any match keeps an operation); listed schemas are kept even when unused")
    func byTagPathAndSchema() throws {
        let output = try OpenAPISupport.generate(
            Self.document,
            filter: OperationFilter(
                tags: Self.entries("stores"), paths: Self.entries("/pets"), schemas: Self.entries("Unused")))
        #expect(output.succeeded)
        #expect(output.client.contains("func listStores()") && output.client.contains("func listPets()"))
        #expect(!output.client.contains("showPetById"))
        #expect(output.types.contains("struct Unused:") && output.types.contains("struct Store:"))
        #expect(!output.types.contains("struct Problem:"))
    }

    @Test("names that match nothing are located warnings; without a filter every type is generated")
    func unmatchedAndUnfiltered() throws {
        let output = try OpenAPISupport.generate(
            Self.document,
            filter: OperationFilter(
                operations: Self.entries("listPets", "listPet"), schemas: Self.entries("Nope")))
        #expect(output.succeeded)
        #expect(
            output.diagnostics == [
                "config.yaml:1:1: warning: filter operation 'listPet' matches nothing in the document",
                "config.yaml:1:1: warning: filter schema 'Nope' matches nothing in the document"
            ])
        let all = try OpenAPISupport.generate(Self.document)
        #expect(all.types.contains("struct Unused:"))
        #expect(all.summary?.description == "3 operations, 5 schemas, 0 skipped")
    }
}
