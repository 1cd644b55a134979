import Foundation
import SpecwrightCore
import Testing

@Suite("OpenAPI schemas")
struct OpenAPISchemaTests {
    @Test("required properties stay non-optional; optional, nullable and 3.1 null-typed ones become optional")
    func optionality() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Pet:
                          type: object
                          required: [id, name, tag]
                          properties:
                            id: { type: integer, format: int64 }
                            name: { type: string }
                            tag: { type: string, nullable: true }
                            born: { type: string, format: date-time }
                            weight: { type: [number, "null"], format: float }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let id: Int64\n"))
        #expect(output.types.contains("public let name: String\n"))
        #expect(output.types.contains("public let tag: String?\n"))
        #expect(output.types.contains("public let born: Date?\n"))
        #expect(output.types.contains("public let weight: Float?\n"))
    }

    @Test("string and integer enums keep unknown values; odd values get valid, distinct case names")
    func enums() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Status:
                          type: string
                          enum: [available, "in-stock", "In Stock", "", "1st", default, null]
                        Level:
                          type: integer
                          enum: [1, 2, -1]
                    """))
        #expect(output.succeeded)
        let types = output.types
        #expect(types.contains("public enum Status: OpenStringEnum {"))
        for expected in [
            "case available\n", "case inStock\n", "case inStockValue\n", "case empty\n", "case _1st\n",
            "case `default`\n", "case unknown(String)"
        ] {
            #expect(types.contains(expected), "missing \(expected)")
        }
        #expect(types.contains("case \"In Stock\": self = .inStockValue"))
        #expect(types.contains("public enum Level: OpenIntegerEnum {"))
        #expect(types.contains("case valueMinus1\n"))
        #expect(types.contains("case -1: self = .valueMinus1"))
    }

    @Test("inline schemas are named from their location")
    func inlineNaming() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Pet:
                          type: object
                          properties:
                            owner:
                              type: object
                              properties:
                                name: { type: string }
                            kind:
                              type: string
                              enum: [cat, dog]
                            tags:
                              type: array
                              items:
                                type: object
                                properties:
                                  label: { type: string }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let owner: PetOwner?"))
        #expect(output.types.contains("public struct PetOwner: Codable"))
        #expect(output.types.contains("public let kind: PetKind?"))
        #expect(output.types.contains("public enum PetKind: OpenStringEnum"))
        #expect(output.types.contains("public let tags: [PetTagsItem]?"))
    }

    @Test("recursive and mutually recursive schemas refer to each other by name")
    func recursion() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Node:
                          type: object
                          properties:
                            children: { type: array, items: { $ref: '#/components/schemas/Node' } }
                            owner: { $ref: '#/components/schemas/Owner' }
                        Owner:
                          type: object
                          properties:
                            nodes: { type: object, additionalProperties: { $ref: '#/components/schemas/Node' } }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let children: [Node]?"))
        #expect(output.types.contains("public let nodes: [String: Node]?"))
    }

    @Test("a struct that contains itself through optionals is boxed; a recursive union becomes indirect")
    func indirectStorage() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Person:
                          type: object
                          properties:
                            name: { type: string }
                            parent: { $ref: '#/components/schemas/Person' }
                        A:
                          type: object
                          properties:
                            b: { $ref: '#/components/schemas/B' }
                        B:
                          type: object
                          required: [a]
                          properties:
                            a: { $ref: '#/components/schemas/A' }
                        Expression:
                          oneOf:
                            - { type: integer }
                            - { $ref: '#/components/schemas/Sum' }
                        Sum:
                          type: object
                          properties:
                            left: { $ref: '#/components/schemas/Expression' }
                    """))
        #expect(output.succeeded)
        let types = output.types
        #expect(types.contains("public let parent: IndirectPerson?"))
        #expect(
            types.contains("public indirect enum IndirectPerson: Codable, Hashable, Sendable {\n    case value(Person)")
        )
        #expect(types.contains("public let b: IndirectB?"))
        #expect(types.contains("public let a: IndirectA\n"))
        #expect(types.contains("public indirect enum Expression: Codable"))
    }

    @Test(
        "allOf merges the properties of its members; oneOf with a discriminator becomes an enum with associated values")
    func composition() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Base:
                          type: object
                          required: [kind]
                          properties:
                            kind: { type: string }
                        Cat:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties:
                                meows: { type: boolean }
                        Dog:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - properties:
                                barks: { type: boolean }
                        Animal:
                          oneOf:
                            - $ref: '#/components/schemas/Cat'
                            - $ref: '#/components/schemas/Dog'
                          discriminator:
                            propertyName: kind
                            mapping:
                              kitty: '#/components/schemas/Cat'
                        MaybeAnimal:
                          oneOf:
                            - $ref: '#/components/schemas/Animal'
                            - type: 'null'
                        Scalar:
                          anyOf:
                            - type: string
                            - type: integer
                    """))
        #expect(output.succeeded)
        let types = output.types
        // The discriminator is fixed by each variant: by its mapping, else by the schema's name.
        #expect(
            types.contains(
                "public struct Cat: Codable, Hashable, Sendable, _GeneratedObject {\n    public var kind: String { \"kitty\" }\n    public let meows: Bool?"
            ))
        #expect(types.contains("public var kind: String { \"Dog\" }"))
        #expect(types.contains("public init(meows: Bool? = nil) {"))
        #expect(types.contains("try fields.constant(\"kind\", \"kitty\")"))
        #expect(types.contains("Composes `Base`."))
        #expect(
            types.contains("public enum Animal: Codable, Hashable, Sendable {\n    case cat(Cat)\n    case dog(Dog)"))
        #expect(types.contains("case \"kitty\": self = .cat(try value.decode(Cat.self))"))
        #expect(types.contains("case \"Dog\": self = .dog(try value.decode(Dog.self))"))
        #expect(types.contains("public typealias MaybeAnimal = Animal"))
        #expect(types.contains("case string(String)\n    case int(Int)"))
    }

    @Test("free-form objects and untyped schemas use the runtime's JSONValue; maps use dictionaries")
    func freeForm() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Bag:
                          type: object
                          properties:
                            anything: {}
                            extra: { type: object }
                            counts: { type: object, additionalProperties: { type: integer } }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let anything: JSONValue?"))
        #expect(output.types.contains("public let extra: [String: JSONValue]?"))
        #expect(output.types.contains("public let counts: [String: Int]?"))
        // The runtime's JSONValue (with a null case) is used; no helper is generated.
        #expect(!output.types.contains("enum JSONValue"))
    }

    @Test("format: date becomes the runtime's CalendarDate; a valid default is written, an invalid one is not")
    func calendarDates() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Holiday:
                          type: object
                          properties:
                            day: { type: string, format: date }
                            first: { type: string, format: date, default: "2024-01-01" }
                            broken: { type: string, format: date, default: "2023-02-29" }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let day: CalendarDate?\n"))
        #expect(output.types.contains("first: CalendarDate = CalendarDate(\"2024-01-01\")!"))
        #expect(output.types.contains("broken: CalendarDate? = nil"))
    }

    @Test("extra properties next to declared ones are kept in an additionalProperties dictionary")
    func extraProperties() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Labels:
                          type: object
                          required: [id]
                          properties:
                            id: { type: string }
                          additionalProperties: { type: string }
                        Loose:
                          type: object
                          properties:
                            additionalProperties: { type: integer }
                          additionalProperties: true
                        Closed:
                          type: object
                          properties:
                            id: { type: string }
                          additionalProperties: false
                    """))
        #expect(output.succeeded)
        #expect(output.diagnostics.filter { $0.contains("warning") }.isEmpty, "\(output.diagnostics)")
        let types = output.types
        #expect(types.contains("    public let additionalProperties: [String: String]\n"))
        #expect(types.contains("public init(id: String, additionalProperties: [String: String] = [:])"))
        #expect(types.contains("var fields = try FieldDecoder(decoder, keepsExtraProperties: true)"))
        #expect(types.contains("self.init(id: try fields.required(\"id\"), additionalProperties: fields.remaining())"))
        #expect(types.contains("fields.field(\"id\", lhs.id, rhs.id)"))
        #expect(
            types.contains(
                "fields.remaining(lhs.additionalProperties, rhs.additionalProperties, declared: [\"id\"])"))
        // A declared property of that name keeps it; the dictionary takes the next free name.
        #expect(types.contains("    public let additionalProperties: Int?\n"))
        #expect(types.contains("    public let additionalPropertiesValue: [String: JSONValue]\n"))
        #expect(types.components(separatedBy: "declared: [").count == 3)
    }

    @Test("a schema named like a Swift or runtime type is renamed, and references follow")
    func reservedTypeNames() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Data:
                          type: object
                          properties:
                            self: { type: string }
                            protocol: { type: string }
                        Holder:
                          type: object
                          properties:
                            data: { $ref: '#/components/schemas/Data' }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public struct DataModel: Codable"))
        #expect(output.types.contains("public let data: DataModel?"))
        #expect(output.types.contains("public let selfValue: String?"))
        #expect(output.types.contains("public let `protocol`: String?"))
        #expect(
            output.diagnostics.contains {
                $0.contains("warning: schema 'Data' is generated as 'DataModel'") && $0.hasSuffix("[naming]")
            })
    }

    @Test("an inline union or titled schema written in several places is one type; other inline schemas stay per place")
    func sharedInlineShapes() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        A:
                          type: object
                          properties:
                            pick: { title: First, oneOf: [{ type: string }, { type: integer }] }
                            place: { title: Place, type: object, properties: { x: { type: number } } }
                            plain: { type: object, properties: { y: { type: number } } }
                        B:
                          type: object
                          properties:
                            choice: { title: Second, description: Other words, oneOf: [{ type: string }, { type: integer }] }
                            spot: { title: Place, type: object, properties: { x: { type: number } } }
                            plain: { type: object, properties: { y: { type: number } } }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("public let choice: APick?"), "\(output.types)")
        #expect(output.types.contains("public let spot: APlace?"))
        #expect(output.types.contains("public let plain: BPlain?"))
        #expect(!output.types.contains("BChoice") && !output.types.contains("BSpot"))
    }

    @Test("an object default is a call of the struct's initializer; one that does not fit leaves the value optional")
    func objectDefaults() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Holder:
                          type: object
                          properties:
                            window: { $ref: '#/components/schemas/Window', default: { start: 1 } }
                            windows: { type: array, items: { $ref: '#/components/schemas/Window' }, default: [{ start: 2, end: 3 }] }
                            odd: { $ref: '#/components/schemas/Window', default: { begin: 1 } }
                            partial: { $ref: '#/components/schemas/Window', default: { end: 1 } }
                        Window:
                          type: object
                          required: [start]
                          properties:
                            start: { type: integer }
                            end: { type: integer, default: 10 }
                    """, version: "3.1.0"))
        #expect(output.succeeded)
        #expect(output.types.contains("window: Window = Window(start: 1),"), "\(output.types)")
        #expect(output.types.contains("windows: [Window] = [Window(start: 2, end: 3)],"))
        #expect(output.types.contains("odd: Window? = nil,"))
        #expect(output.types.contains("partial: Window? = nil"))
        #expect(output.types.contains("window: fields.optional(\"window\", default: Window(start: 1)),"))
    }

    @Test("a union case named like the type it wraps is renamed so the type stays visible in the enum")
    func unionCasesDoNotShadowTypes() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        3e_num1: { type: string, enum: [a, b] }
                        U: { oneOf: [{ $ref: '#/components/schemas/3e_num1' }, { type: integer }] }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("case case3eNum1(_3eNum1)"), "\(output.types)")
    }
}
