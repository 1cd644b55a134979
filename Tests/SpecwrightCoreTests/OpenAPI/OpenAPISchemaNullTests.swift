import Foundation
import SpecwrightCore
import Testing

/// Null is a value: a property that is required and nullable is sent as `null` when it is nil,
/// however the document spells nullability; an optional one is left out.
@Suite("OpenAPI required nullable properties")
struct OpenAPISchemaNullTests {
    @Test("required nullable properties are encoded through RequiredNullable, in every spelling")
    func requiredNullable() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Note:
                          type: object
                          required: [id, deletedAt, owner, label, score]
                          properties:
                            id: { type: string }
                            deletedAt: { type: string, format: date-time, nullable: true }
                            owner: { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] }
                            label: { type: [string, 'null'] }
                            score: { oneOf: [{ type: number }, { type: 'null' }] }
                            comment: { type: string, nullable: true }
                        Owner:
                          type: object
                          properties:
                            name: { type: string }
                    """, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        let flat = output.types.filter { !$0.isWhitespace }
        #expect(
            flat.contains(
                "fields.field(\"id\",lhs.id,rhs.id)fields.nullable(\"deletedAt\",lhs.deletedAt,rhs.deletedAt)"
                    + "fields.nullable(\"owner\",lhs.owner,rhs.owner)fields.nullable(\"label\",lhs.label,rhs.label)"
                    + "fields.nullable(\"score\",lhs.score,rhs.score)fields.field(\"comment\",lhs.comment,rhs.comment)"),
            "\(output.types)")
    }

    @Test("a union member that admits null and describes nothing else is null (3.0 has no null type)")
    func nullPlaceholderMember() throws {
        // apispec (APIFlask, flask-smorest) writes a nullable marshmallow `Nested` this way.
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Holder:
                          type: object
                          required: [item]
                          properties:
                            item: { anyOf: [{ type: object, nullable: true }, { $ref: '#/components/schemas/Item' }] }
                            maybe: { anyOf: [{ type: object, nullable: true }, { $ref: '#/components/schemas/Item' }] }
                            bare: { oneOf: [{ nullable: true }, { type: integer }, { type: string }] }
                            free: { anyOf: [{ type: object, nullable: true, additionalProperties: { type: integer } }, { $ref: '#/components/schemas/Item' }] }
                        Item:
                          type: object
                          properties:
                            name: { type: string }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public let item: Item?"), "\(output.types)")
        #expect(output.types.contains("public let maybe: Item?"))
        #expect(output.types.contains("public let bare: HolderBare?"))
        #expect(
            output.types.contains("fields.nullable(\"item\", lhs.item, rhs.item)"),
            "a required nullable property is sent as null")
        #expect(!output.types.contains("enum HolderItem"), "no union of an untyped object and the item")
        // A member that describes a map is a real alternative, not null.
        #expect(output.types.contains("case object([String: Int])"), "\(output.types)")
    }
}

/// PATCH semantics: an optional, nullable property of a type a JSON request body holds is
/// stored by `NullableField`, its initializer argument is a `Nullable` that defaults to `.absent`;
/// types that are only received keep plain optionals.
@Suite("OpenAPI optional nullable properties")
struct OpenAPIOptionalNullableTests {
    static let document = OpenAPISupport.document(
        paths: """
              /items/{id}:
                patch:
                  operationId: updateItem
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/ItemPatch' }
                  responses:
                    '200':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Item' }
            """,
        schemas: """
                ItemPatch:
                  type: object
                  properties:
                    name: { type: string }
                    description: { anyOf: [{ type: string }, { type: 'null' }], default: null }
                    tags: { type: [array, 'null'], items: { type: string } }
                    dimensions: { anyOf: [{ $ref: '#/components/schemas/Dimensions' }, { type: 'null' }] }
                Dimensions:
                  type: object
                  properties:
                    width: { type: number }
                    depth: { type: [number, 'null'] }
                Item:
                  type: object
                  required: [name]
                  properties:
                    name: { type: string }
                    description: { type: [string, 'null'] }
            """, version: "3.1.0")

    @Test("a request body's optional nullable properties let the caller send nothing, null or a value")
    func requestBodyTypesChooseNil() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let flat = output.types.filter { !$0.isWhitespace }
        #expect(flat.contains("@NullableFieldpublicprivate(set)vardescription:String?"), "\(output.types)")
        #expect(flat.contains("@NullableFieldpublicprivate(set)vartags:[String]?"))
        #expect(flat.contains("@NullableFieldpublicprivate(set)vardimensions:Dimensions?"))
        #expect(flat.contains("publicletname:String?"), "a property that is not nullable stays a plain optional")
        #expect(
            flat.contains(
                "publicinit(name:String?=nil,description:Nullable<String>=.absent,tags:Nullable<[String]>=.absent,"
                    + "dimensions:Nullable<Dimensions>=.absent)"))
        #expect(flat.contains("self._description=NullableField(description)"))
        #expect(flat.contains("description:fields.nullable(\"description\")"))
        #expect(
            flat.contains(
                "fields.field(\"name\",lhs.name,rhs.name)fields.field(\"description\",lhs.$description,"
                    + "rhs.$description)fields.field(\"tags\",lhs.$tags,rhs.$tags)"
                    + "fields.field(\"dimensions\",lhs.$dimensions,rhs.$dimensions)"))
        // Encoding, equality and hashing all visit the three states, so `nil` sent as null differs
        // from absent.
        // Reached through the body: nested objects are sent too.
        #expect(flat.contains("@NullableFieldpublicprivate(set)vardepth:Double?"))
    }

    @Test("types that are only received keep plain optionals")
    func responseTypesKeepOptionals() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let item = try #require(
            output.types.range(of: "public struct Item:").map { String(output.types[$0.lowerBound...]) })
        let flat = String(item.prefix { $0 != "}" }).filter { !$0.isWhitespace }
        #expect(flat.contains("publicletdescription:String?"), "\(item)")
        #expect(!item.contains("Nullable<"))
    }
}
