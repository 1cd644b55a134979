import Foundation
import SpecwrightCore
import Testing

/// A union admits `null` when any alternative does, however it says so: `nullable: true` or a 3.1
/// `type` list with `null` inside one alternative, a `{type: "null"}` alternative in any position,
/// or a `$ref` to a component that is only `null` (drf-spectacular's `NullEnum`: `oneOf: [FooEnum,
/// BlankEnum, NullEnum]`). The union is then optional, and its null alternative is no case.
@Suite struct OpenAPIUnionNullabilityTests {
    static let schemas = """
            Holder:
              type: object
              required: [a, b, c, d, e, f, g]
              properties:
                a: { anyOf: [{ type: string, nullable: true }, { type: integer }] }
                b: { anyOf: [{ type: [string, 'null'] }, { type: integer }] }
                c: { oneOf: [{ type: integer }, { type: string }, { type: 'null' }] }
                d: { oneOf: [{ type: 'null' }, { type: integer }, { type: string }] }
                e: { oneOf: [{ $ref: '#/components/schemas/FooEnum' }, { $ref: '#/components/schemas/BlankEnum' }, { $ref: '#/components/schemas/NullEnum' }] }
                f: { oneOf: [{ type: integer }, { $ref: '#/components/schemas/MaybeText' }] }
                g: { $ref: '#/components/schemas/Either' }
                h: { $ref: '#/components/schemas/Either' }
            Either:
              anyOf: [{ type: integer }, { $ref: '#/components/schemas/MaybeText' }]
            MaybeText: { type: [string, 'null'] }
            FooEnum: { type: string, enum: [x, y] }
            BlankEnum: { enum: [''] }
            NullEnum: { enum: [null] }
        """

    @Test("a union with an alternative that admits null is optional, sent as null when required")
    func unionsAdmittingNullAreOptional() throws {
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: Self.schemas, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        for property in ["a", "b", "c", "d", "e", "f"] {
            #expect(types.contains("public let \(property): Holder\(property.uppercased())?"), "\(property): \(types)")
            #expect(types.contains("fields.nullable(\"\(property)\""), "\(property) is sent as null when nil")
        }
        #expect(types.contains("public let g: Either?"), "a component union with a nullable alternative")
        #expect(types.contains("public let h: Either?"))
        #expect(!types.contains("NullEnum)"), "NullEnum is no case of the union: \(types)")
        #expect(!types.contains("case null"), "\(types)")
    }

    @Test("3.0: nullable inside an alternative makes the union optional")
    func openAPI30() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Holder:
                          type: object
                          required: [a]
                          properties:
                            a: { anyOf: [{ type: string, nullable: true }, { type: integer }] }
                            b: { oneOf: [{ type: integer }, { $ref: '#/components/schemas/Text' }] }
                        Text: { type: string, nullable: true }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("public let a: HolderA?"), "\(output.types)")
        #expect(output.types.contains("public let b: HolderB?"), "\(output.types)")
    }
}
