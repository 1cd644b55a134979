import Foundation
import SpecwrightCore
import Testing

/// An inline enum repeated with the same values is one type (#12 point 7): the properties of one
/// schema, properties of the same name in several schemas, parameters of several operations and
/// the fields of a form share it; enums that only look alike keep their own types and names.
@Suite struct OpenAPISharedEnumTests {
    static let paths = """
          /pets:
            get:
              operationId: listPets
              parameters:
                - { name: status, in: query, schema: { type: string, enum: [available, pending, sold] } }
                - { name: order, in: query, schema: { type: string, enum: [asc, desc] } }
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
          /owners:
            get:
              operationId: listOwners
              parameters:
                - { name: status, in: query, schema: { type: array, items: { type: string, enum: [available, pending, sold] } } }
                - { name: direction, in: query, schema: { type: string, enum: [asc, desc] } }
              responses: { '204': { description: ok } }
          /hooks:
            post:
              operationId: createHook
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        VoiceMethod: { type: string, enum: [GET, POST] }
                        SmsMethod: { type: string, enum: [GET, POST] }
              responses: { '204': { description: ok } }
        """

    static let schemas = """
                Pet:
                  type: object
                  properties:
                    status: { type: string, enum: [available, pending, sold], description: Where the pet is }
                    sizingHorizontal: { type: string, enum: [FIXED, HUG, FILL] }
                    sizingVertical: { type: string, enum: [FIXED, HUG, FILL], nullable: true }
                    from: { type: string, enum: [a, b] }
                    to: { type: string, enum: [a, b] }
                    level: { type: integer, enum: [1, 2] }
                Order:
                  type: object
                  properties:
                    status: { type: string, enum: [available, pending, sold] }
                    level: { type: integer, enum: [1, 2], x-enum-varnames: [low, high] }
                    kind: { type: string, enum: [x, y] }
                Shipment:
                  type: object
                  properties:
                    kind: { type: string, enum: [x, z] }
        """

    static var document: String { OpenAPISupport.document(paths: paths, schemas: schemas) }

    @Test("a status enum in two schemas and two operations is one type named by its use")
    func sameUseIsOneType() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.components(separatedBy: "case \"available\": self = .available").count == 2, "\(types)")
        #expect(types.contains("public let status: Status?"))
        #expect(!types.contains("PetStatus") && !types.contains("OrderStatus"))
        #expect(output.client.contains("status: Status? = nil"), "\(output.client)")
        #expect(output.client.contains("status: [Status]? = nil"))
        // One place describes the values: the type keeps that description, the property its own.
        #expect(types.contains("public enum Status: OpenStringEnum"))
        #expect(types.contains("/// Where the pet is\n    public let status: Status?"))
    }

    @Test("properties of one schema share an enum named by the words their names share")
    func siblingsShareOneType() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types
        #expect(types.contains("public enum PetSizing: OpenStringEnum"), "\(types)")
        #expect(types.contains("public let sizingHorizontal: PetSizing?"))
        #expect(types.contains("public let sizingVertical: PetSizing?"))
        // No shared words: the first place names the type.
        #expect(types.contains("public let from: PetFrom?"))
        #expect(types.contains("public let to: PetFrom?"))
        #expect(!types.contains("PetTo"))
    }

    @Test("the fields of a form share an enum named by the owner and the shared words")
    func formFieldsShareOneType() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.types.contains("public enum CreateHookMethod: OpenStringEnum"), "\(output.types)")
        #expect(output.client.contains("voiceMethod: CreateHookMethod? = nil"), "\(output.client)")
        #expect(output.client.contains("smsMethod: CreateHookMethod? = nil"))
    }

    @Test("enums that only look alike keep their types: other case names, other names in other places")
    func lookalikesStayApart() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types
        // Different x-enum-varnames: different cases.
        #expect(types.contains("public let level: PetLevel?"), "\(types)")
        #expect(types.contains("public let level: OrderLevel?"))
        // Different values under one name.
        #expect(types.contains("public let kind: OrderKind?"))
        #expect(types.contains("public let kind: ShipmentKind?"))
        // The same values under different names in different operations.
        #expect(output.client.contains("order: ListPetsOrder? = nil"), "\(output.client)")
        #expect(output.client.contains("direction: ListOwnersDirection? = nil"))
    }

    @Test("an inline schema with a title written like a component schema, in any key order, is that component")
    func titledCopyOfAComponent() throws {
        let schemas = """
                    Order: { title: Order, type: string, enum: [name, -name] }
                    ItemFilter:
                      type: object
                      properties:
                        order: { allOf: [{ title: Order, type: string, enum: [name, -name] }], default: name }
            """
        let paths = """
                  /items:
                    get:
                      operationId: listItems
                      parameters:
                        - { name: order, in: query, schema: { allOf: [{ enum: [name, -name], title: Order, type: string }] } }
                      responses: { '204': { description: ok } }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: paths, schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.components(separatedBy: "public enum").count == 2, "\(output.types)")
        #expect(output.types.contains("public let order: Order"))
        #expect(output.client.contains("order: Order? = nil"), "\(output.client)")
    }

    @Test("the output is the same on every run")
    func deterministic() throws {
        let first = try OpenAPISupport.generate(Self.document).files
        for _ in 0..<3 { #expect(try OpenAPISupport.generate(Self.document).files == first) }
    }

    @Test("a shared name another enum or a schema wants is not taken: each owner keeps its type")
    func contestedNamesKeepPlaces() throws {
        let schemas = """
                    Status:
                      type: string
                    A:
                      type: object
                      properties:
                        status: { type: string, enum: [on, off] }
                    B:
                      type: object
                      properties:
                        status: { type: string, enum: [on, off] }
                        mode: { type: string, enum: [p, q] }
                    C:
                      type: object
                      properties:
                        mode: { type: string, enum: [p, q] }
                        extra: { type: string, enum: [p, q] }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.contains("public let status: AStatus?"), "\(types)")
        #expect(types.contains("public let status: BStatus?"))
        // `mode` of B and C and `extra` of C share no words: only the properties of one schema share a type.
        #expect(types.contains("public let mode: BMode?"))
        #expect(types.contains("public let mode: CMode?"))
        #expect(types.contains("public let extra: CMode?"))
    }
}
