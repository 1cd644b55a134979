import Testing
@testable import SpecwrightCore

/// When two names of one scope become the same identifier (`Type` and `type` are both `type`),
/// the name written exactly as the identifier keeps it, whichever comes first; the other is
/// renamed and warned about where it is written.
@Suite("OpenAPI: the exact spelling wins a case-folded collision")
struct OpenAPIExactSpellingTests {
    /// The output for a document with these `paths` and `schemas`, which must generate.
    static func generated(paths: String = "", schemas: String = "") throws -> OpenAPISupport.Output {
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: paths, schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        return output
    }

    static func warnings(_ output: OpenAPISupport.Output) -> [String] {
        output.diagnostics.filter { $0.contains(": warning: ") && $0.contains("[naming]") }
    }

    @Test func aPropertyWrittenExactlyKeepsItsNameOverOneConvertedToIt() throws {
        let output = try Self.generated(
            schemas: """
                    Thing:
                      type: object
                      properties:
                        Type: { type: string }
                        type: { type: integer }
                        page_size: { type: integer }
                        pageSize: { type: string }
                """)
        #expect(output.types.contains("public let type: Int?"))
        #expect(output.types.contains("public let typeValue: String?"))
        #expect(output.types.contains("public let pageSize: String?"))
        #expect(output.types.contains("public let pageSizeValue: Int?"))
        #expect(
            Self.warnings(output) == [
                "api.yaml:22:15: warning: property 'Type' of 'Thing' is generated as 'typeValue': 'type' is already a Swift, Foundation, runtime or generated name in that scope [naming]",
                "api.yaml:24:20: warning: property 'page_size' of 'Thing' is generated as 'pageSizeValue': 'pageSize' is already a Swift, Foundation, runtime or generated name in that scope [naming]"
            ])
    }

    @Test func anEnumValueWrittenExactlyKeepsItsCaseName() throws {
        let output = try Self.generated(
            schemas: """
                    Status:
                      type: string
                      enum: [ACTIVE, active]
                    Level:
                      type: integer
                      enum: [1, 2]
                      x-enumNames: [Low, low]
                """)
        #expect(output.types.contains("case \"active\": self = .active\n"))
        #expect(output.types.contains("case \"ACTIVE\": self = .activeValue\n"))
        #expect(output.types.contains("case 2: self = .low\n"))
        #expect(output.types.contains("case 1: self = .lowValue\n"))
        #expect(Self.warnings(output).count == 2, "\(Self.warnings(output))")
    }

    @Test func aParameterWrittenExactlyKeepsItsNameWhereverItIsDeclared() throws {
        let output = try Self.generated(
            paths: """
                  /things/{id}:
                    get:
                      operationId: getThing
                      parameters:
                        - { name: ID, in: query, schema: { type: string } }
                        - { name: id, in: path, required: true, schema: { type: integer } }
                      responses:
                        '204': { description: ok }
                """)
        #expect(output.client.contains("func getThing(id: Int, idValue: String?)"), "\(output.client)")
        #expect(
            Self.warnings(output) == [
                "api.yaml:16:11: warning: parameter 'ID' is generated as 'idValue': 'id' is already a Swift, Foundation, runtime or generated name in that scope [naming]"
            ])
    }

    @Test func aUnionCaseAndAGroupWrittenExactlyKeepTheirNames() throws {
        let output = try Self.generated(
            paths: """
                  /a: { get: { tags: [Pets], operationId: listA, responses: { '204': { description: ok } } } }
                  /b: { get: { tags: [pets], operationId: listB, responses: { '204': { description: ok } } } }
                """,
            schemas: """
                    Animal:
                      oneOf:
                        - $ref: '#/components/schemas/Cat'
                        - $ref: '#/components/schemas/cat'
                    Cat: { type: object, properties: { a: { type: string } } }
                    cat: { type: object, properties: { b: { type: string } } }
                """)
        #expect(output.types.contains("case catValue(Cat)\n"))
        #expect(output.types.contains("case cat(CatModel)\n"))
        #expect(output.client.contains("public let pets: PetsGroupModel\n"))
        #expect(output.client.contains("public let petsValue: PetsGroup\n"))
        #expect(output.client.contains("func listB()"))
    }

    @Test func aSchemaNameWrittenExactlyKeepsItsTypeName() throws {
        let output = try Self.generated(
            schemas: """
                    thing: { type: object, properties: { a: { type: string } } }
                    Thing: { type: object, properties: { b: { type: string } } }
                """)
        #expect(output.types.contains("public struct Thing: ") && output.types.contains("public let b: String?"))
        #expect(output.types.contains("public struct ThingModel: "))
        let thingModel = try #require(output.types.range(of: "public struct ThingModel: "))
        #expect(output.types[thingModel.lowerBound...].prefix(600).contains("public let a: String?"))
    }
}

/// The spec front end: its validator rejects parameters named alike, but a multipart field still
/// meets the parameters; it follows the same rule and its renames are warned about.
@Suite("Spec: the exact spelling wins a case-folded collision")
struct SpecExactSpellingTests {
    @Test func aMultipartFieldWrittenExactlyKeepsItsNameOverAQueryParameter() throws {
        let (files, diagnostics) = try GenerationSupport.generate(
            GenerationSupport.spec(
                endpoints: "  media:\n    upload:\n      post: /media\n      query: { Type: String }\n"
                    + "      multipart:\n        type: String\n        Type: Int\n"))
        let client = try #require(files["Client.swift"])
        #expect(client.contains("func upload(type: String, typeField: Int, typeValue: String)"), "\(client)")
        #expect(
            diagnostics.filter { $0.contains("warning:") } == [
                "snippet.yaml:9:16: warning: parameter 'Type' is generated as 'typeValue': 'type' is already a Swift, Foundation, runtime or generated name in that scope",
                "snippet.yaml:12:9: warning: multipart field 'Type' is generated as 'typeField': 'type' is already a Swift, Foundation, runtime or generated name in that scope"
            ])
    }
}
