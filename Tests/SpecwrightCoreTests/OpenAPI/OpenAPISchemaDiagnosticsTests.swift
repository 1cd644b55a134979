import Foundation
import SpecwrightCore
import Testing

/// Schemas that say something the client cannot honour — a discriminator `mapping` to no
/// alternative, an `allOf` that gives a property two types, a `default` or `const` of another
/// type — are reported where they are written, and never become Swift that does not compile
/// (the exact messages are pinned by the BrokenOpenAPI corpus, 35–39).
@Suite struct OpenAPISchemaDiagnosticsTests {
    static let pets = """
            Cat: { type: object, properties: { kind: { type: string }, meows: { type: integer } } }
            Dog: { type: object, properties: { kind: { type: string }, barks: { type: integer } } }
        """

    @Test("a mapping target in another spelling of the pointer selects its alternative")
    func mappingInAnySpelling() throws {
        let schemas =
            Self.pets + """

                    Pet:
                      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
                      discriminator:
                        propertyName: kind
                        mapping: { cat: '#/components/schem%61s/Cat', dog: Dog }
                """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains(#"public var kind: String { "cat" }"#))
        #expect(output.types.contains(#"public var kind: String { "dog" }"#))
    }

    @Test("a discriminator on an allOf base (no oneOf) may map to its subtypes; a target naming nothing is a warning")
    func mappingOnABaseSchema() throws {
        let valid =
            Self.pets + """

                    Pet:
                      type: object
                      properties: { kind: { type: string } }
                      discriminator: { propertyName: kind, mapping: { cat: Cat } }
                """
        #expect(try OpenAPISupport.generate(OpenAPISupport.document(schemas: valid)).succeeded)
        let broken = valid.replacingOccurrences(of: "cat: Cat", with: "cat: Kat")
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: broken))
        #expect(output.succeeded)
        #expect(
            output.diagnostics.contains {
                $0.contains("warning: discriminator value 'cat' maps to 'Kat', which names no schema")
                    && $0.hasSuffix("[structure]")
            })
    }

    @Test(
        "allOf members may narrow a property (integer within number, nullable, required); only disjoint types are errors"
    )
    func compatibleCompositions() throws {
        let schemas = """
                Base:
                  type: object
                  properties: { score: { type: number }, name: { type: string }, id: { type: string } }
                Item:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - required: [score, name]
                      properties:
                        score: { type: integer }
                        name: { type: [string, 'null'] }
                        id: { $ref: '#/components/schemas/Identifier' }
                Identifier: { type: string, format: uuid }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    @Test("a property typed by a reference conflicts with a member's own type")
    func referencedTypeConflicts() throws {
        let schemas = """
                Count: { type: integer }
                Item:
                  allOf:
                    - properties: { size: { type: string } }
                    - properties: { size: { $ref: '#/components/schemas/Count' } }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(!output.succeeded)
        #expect(
            output.diagnostics.contains {
                $0.contains("error: 'allOf' gives property 'size' conflicting types: 'integer' here, 'string' at")
            })
    }

    @Test("defaults that do not fit Int32 or Float are left out, never written as literals that do not compile")
    func outOfRangeDefaultsAreLeftOut() throws {
        let schemas = """
                Item:
                  type: object
                  properties:
                    small: { type: integer, format: int32, default: 3000000000 }
                    single: { type: number, format: float, default: 1e39 }
                    fine: { type: integer, format: int32, default: 2000000000 }
                    wide: { type: number, default: 99999999999999999999 }
            """
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: schemas))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.types.contains("small: Int32?"))
        #expect(!output.types.contains("3000000000"))
        #expect(output.types.contains("single: Float?"))
        #expect(output.types.contains("fine: Int32 = 2000000000"))
        #expect(output.types.contains("wide: Double = 1e+20"))
        #expect(output.diagnostics.count(where: { $0.hasSuffix("it is left out [structure]") }) == 2)
    }

    @Test("a parameter's default of another type is reported once, though the parameter is used twice")
    func parameterDefaultReportedOnce() throws {
        let paths = """
              /a:
                get:
                  operationId: getA
                  parameters: [{ $ref: '#/components/parameters/limit' }]
                  responses: { '204': { description: ok } }
              /b:
                get:
                  operationId: getB
                  parameters: [{ $ref: '#/components/parameters/limit' }]
                  responses: { '204': { description: ok } }
            """
        let extra = """
            components:
              parameters:
                limit: { name: limit, in: query, schema: { type: integer, default: many } }
            """
        let text = OpenAPISupport.document(paths: paths).replacingOccurrences(
            of: "paths:\n", with: extra + "\npaths:\n")
        let output = try OpenAPISupport.generate(text)
        #expect(output.succeeded)
        #expect(
            output.diagnostics.filter { $0.contains("the 'default' value 'many' is not an integer") }.count == 1,
            "\(output.diagnostics)")
        #expect(output.endpoints.contains("limit: Int? = nil") || output.client.contains("limit: Int? = nil"))
    }
}
