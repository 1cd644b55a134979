import Foundation
import Testing

/// Found by `Scripts/fuzz-documents.py` (docs/fuzzing.md): an `allOf` whose other members only
/// document or constrain (`{description: …}`, `{maxLength: 3}`, the 3.1 boolean schema `true`)
/// was generated as an empty struct, so a string, number, array or enum value failed to decode
/// at run time (and a request could not carry it). Such members say nothing about the type: the
/// composition is the type of its one member that does. A member that lists `required` keys
/// still makes a struct (it changes which properties are optional).
@Suite("allOf with annotation-only members")
struct AllOfAnnotationMemberTests {
    private func generate() throws -> OpenAPISupport.Output {
        let text = OpenAPISupport.document(
            schemas: """
                    Holder:
                      type: object
                      properties:
                        described: { allOf: [{ type: string }, { description: a note }] }
                        anything: { allOf: [true, { type: string }] }
                        stamp: { allOf: [{ type: string, format: date-time }, { maxLength: 40 }] }
                        count: { allOf: [{ minimum: 3 }, { type: integer }] }
                        names: { allOf: [{ type: array, items: { type: string } }, { maxItems: 3 }] }
                        color: { allOf: [{ $ref: '#/components/schemas/Color' }, { description: the color }] }
                        pet: { allOf: [{ $ref: '#/components/schemas/Pet' }, { title: Pet, deprecated: true }] }
                    Tint:
                      allOf: [{ $ref: '#/components/schemas/Color' }, { description: another name }]
                    NamedPet:
                      allOf: [{ $ref: '#/components/schemas/Pet' }, { required: [name] }]
                    Color: { type: string, enum: [red, green] }
                    Pet:
                      type: object
                      properties:
                        name: { type: string }
                """, version: "3.1.0")
        return try OpenAPISupport.generate(text)
    }

    @Test("each property has the type of its one type-describing member")
    func propertiesKeepTheirTypes() throws {
        let output = try generate()
        #expect(output.succeeded, "\(output.diagnostics)")
        for declaration in [
            "public let described: String?", "public let anything: String?", "public let stamp: Date?",
            "public let count: Int?", "public let names: [String]?", "public let color: Color?", "public let pet: Pet?"
        ] {
            #expect(output.types.contains(declaration), "missing \(declaration)")
        }
        for empty in ["HolderDescribed", "HolderAnything", "HolderStamp", "HolderCount", "HolderNames", "HolderColor"] {
            #expect(!output.types.contains("struct \(empty)"), "\(empty) declared")
        }
    }

    @Test("a component of that shape is an alias; a member with required keys still makes a struct")
    func componentsAliasOrMerge() throws {
        let output = try generate()
        #expect(output.types.contains("public typealias Tint = Color"))
        #expect(output.types.contains("public struct NamedPet"))
        #expect(output.types.contains("public let name: String\n"))
    }

    /// Several members that all describe a value that is no object (scalars, arrays, enums, also
    /// through a `$ref`) narrow one value: the composition takes a named member's type, else one
    /// with a `format`. It was an empty struct, so every such value failed to decode.
    @Test("value-only members narrow one value instead of making an empty struct")
    func valueMembersNarrowOneValue() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Holder:
                          type: object
                          properties:
                            stamp: { allOf: [{ type: string }, { type: string, format: date-time }] }
                            code: { allOf: [{ $ref: '#/components/schemas/Code' }, { type: string, minLength: 2 }] }
                            tags: { allOf: [{ type: array, items: { type: string } }, { type: array, maxItems: 3 }] }
                            shade: { allOf: [{ $ref: '#/components/schemas/Color' }, { enum: [red] }] }
                            both: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: object, properties: { age: { type: integer } } }] }
                        Moment:
                          allOf: [{ type: string }, { type: string, format: date-time }]
                        Code: { type: string }
                        Color: { type: string, enum: [red, green] }
                        Pet:
                          type: object
                          properties:
                            name: { type: string }
                    """, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        for declaration in [
            "public let stamp: Date?", "public let code: Code?", "public let tags: [String]?",
            "public let shade: Color?",
            "public typealias Moment = Date"
        ] {
            #expect(output.types.contains(declaration), "missing \(declaration)")
        }
        for empty in ["HolderStamp", "HolderCode", "HolderTags", "HolderShade"] {
            #expect(!output.types.contains("struct \(empty)"), "\(empty) declared")
        }
        #expect(output.types.contains("struct HolderBoth"), "two objects still merge into a struct")
    }
}
