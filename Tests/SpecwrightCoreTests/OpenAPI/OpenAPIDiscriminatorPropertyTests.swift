import Foundation
import SpecwrightCore
import Testing

/// A discriminator's `propertyName` is never dropped silently: a variant that does not declare
/// the property gets it (computed when one value fixes it, else a stored `String?` with a located
/// warning), and where the discriminator cannot be honoured — an inline alternative, an
/// alternative that is no object — a located warning says so.
@Suite struct OpenAPIDiscriminatorPropertyTests {
    static let variants = """
            Cat: { type: object, properties: { meows: { type: integer } } }
            Dog: { type: object, properties: { barks: { type: integer } } }
            Tags: { type: object, additionalProperties: { type: string } }
        """

    private static func generate(_ schemas: String) throws -> OpenAPISupport.Output {
        try OpenAPISupport.generate(OpenAPISupport.document(schemas: Self.variants + "\n" + schemas))
    }

    @Test("a variant selected by one value gets the property it lacks, computed and without a warning")
    func addedWhenOneValueFixesIt() throws {
        let output = try Self.generate(
            """
                Pet:
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
                  discriminator: { propertyName: petType }
            """)
        #expect(output.succeeded)
        #expect(output.types.contains(#"public var petType: String { "Cat" }"#))
        #expect(output.types.contains(#"public var petType: String { "Dog" }"#))
        #expect(!output.diagnostics.contains { $0.contains("petType") }, "\(output.diagnostics)")
    }

    @Test("a variant selected by several values gets a stored optional property and a located warning")
    func addedAndWarnedWhenSeveralValuesSelectIt() throws {
        let output = try Self.generate(
            """
                Pet:
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
                  discriminator:
                    propertyName: petType
                    mapping: { cat: Cat, kitten: Cat, dog: Dog }
            """)
        #expect(output.succeeded)
        #expect(output.types.contains("public let petType: String?"))
        #expect(output.types.contains(#"public var petType: String { "dog" }"#))
        #expect(
            output.diagnostics.contains {
                $0.contains("api.yaml:")
                    && $0.contains(
                        "warning: 'Cat' does not declare the discriminator property 'petType' of 'Pet' and is selected by several values (cat, kitten)"
                    )
            }, "\(output.diagnostics)")
    }

    @Test("an alternative that is no object, and an inline alternative, are located warnings")
    func unhonouredDiscriminatorsAreWarned() throws {
        let output = try Self.generate(
            """
                Shape:
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Tags' }]
                  discriminator: { propertyName: kind }
                Mixed:
                  oneOf:
                    - $ref: '#/components/schemas/Dog'
                    - { type: object, properties: { radius: { type: number } } }
                  discriminator: { propertyName: shape }
            """)
        #expect(output.succeeded)
        #expect(
            output.diagnostics.contains {
                $0.contains(
                    "warning: the alternative 'Tags' of 'Shape' is no object, so it cannot carry the discriminator property 'kind'"
                )
            }, "\(output.diagnostics)")
        #expect(
            output.diagnostics.contains {
                $0.contains(
                    "warning: the discriminator 'shape' of 'Mixed' is not used: alternative 2 is an inline schema")
            }, "\(output.diagnostics)")
    }
}
