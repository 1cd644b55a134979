import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// A discriminated `oneOf` written inline in an operation — a request body, a response, an array
/// of them, a parameter — fixes the discriminator in its variants as a component union does.
@Suite struct OpenAPIOperationDiscriminatorTests {
    static let document = OpenAPISupport.document(
        paths: """
              /pets:
                post:
                  operationId: createPet
                  requestBody:
                    content:
                      application/json:
                        schema:
                          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
                          discriminator: { propertyName: petType }
                  responses:
                    '200':
                      content:
                        application/json:
                          schema:
                            type: array
                            items:
                              oneOf: [{ $ref: '#/components/schemas/Bird' }, { $ref: '#/components/schemas/Fish' }]
                              discriminator:
                                propertyName: kind
                                mapping: { bird: '#/components/schemas/Bird', fish: '#/components/schemas/Fish' }
                    '422':
                      content:
                        application/json:
                          schema:
                            oneOf: [{ $ref: '#/components/schemas/Bad' }, { $ref: '#/components/schemas/Worse' }]
                            discriminator: { propertyName: code, mapping: { bad: Bad, worse: Worse, awful: Worse } }
            """,
        schemas: """
                Cat: { type: object, properties: { meows: { type: integer } } }
                Dog: { type: object, required: [petType], properties: { petType: { type: string }, barks: { type: integer } } }
                Bird: { type: object, properties: { wings: { type: integer } } }
                Fish: { type: object, properties: { fins: { type: integer } } }
                Bad: { type: object, properties: { detail: { type: string } } }
                Worse: { type: object, properties: { detail: { type: string } } }
            """)

    @Test("the variants of a body's, a response's and an error's inline union get the fixed property")
    func inlineUnionsOfOperationsFixTheirVariants() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.contains(#"public var petType: String { "Cat" }"#), "\(types)")
        #expect(types.contains(#"public var petType: String { "Dog" }"#), "a declared property is fixed too")
        #expect(types.contains(#"public var kind: String { "bird" }"#))
        #expect(types.contains(#"public var kind: String { "fish" }"#))
        #expect(types.contains(#"public var code: String { "bad" }"#))
        #expect(types.contains("public let code: String?"), "Worse is selected by two values")
        #expect(
            output.diagnostics.contains {
                $0.contains("warning: 'Worse' does not declare the discriminator property 'code'")
            }, "\(output.diagnostics)")
    }

    /// `Bad | Worse` written inline in two operations (one type), a third operation without it.
    static let sharedDocument = OpenAPISupport.document(
        paths: """
              /pets:
                post:
                  operationId: createPet
                  responses:
                    '422':
                      content:
                        application/json:
                          schema:
                            oneOf: [{ $ref: '#/components/schemas/Bad' }, { $ref: '#/components/schemas/Worse' }, { $ref: '#/components/schemas/Code' }]
                            discriminator: { propertyName: code, mapping: { bad: Bad, worse: Worse, awful: Worse } }
              /vets:
                get:
                  operationId: listVets
                  responses:
                    '200':
                      content:
                        application/json:
                          schema:
                            oneOf: [{ $ref: '#/components/schemas/Bad' }, { $ref: '#/components/schemas/Worse' }, { $ref: '#/components/schemas/Code' }]
                            discriminator: { propertyName: code, mapping: { bad: Bad, worse: Worse, awful: Worse } }
              /owners:
                get:
                  operationId: listOwners
                  responses:
                    '200':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Bad' }
            """,
        schemas: """
                Bad: { type: object, properties: { detail: { type: string } } }
                Worse: { type: object, properties: { detail: { type: string } } }
                Code: { type: string }
            """)

    /// What fixing an inline union's discriminator warns about belongs to the operations that use
    /// the union: a `filter` that leaves them all out hides it, one that keeps any shows it once.
    @Test(
        "warnings of an inline union's discriminator follow the operations that use it through the filter",
        arguments: [
            ([String](), true), (["createPet"], true), (["listVets"], true), (["listOwners"], false),
            (["listOwners", "listVets"], true)
        ])
    func discriminatorWarningsFollowTheFilter(kept: [String], shown: Bool) throws {
        let location = SourceLocation(file: "config.yaml", line: 1, column: 1)
        let filter = OperationFilter(operations: kept.map { OperationFilter.Entry($0, at: location) })
        let output = try OpenAPISupport.generate(Self.sharedDocument, filter: filter)
        #expect(output.succeeded, "\(output.diagnostics)")
        for message in ["'Worse' does not declare the discriminator property 'code'", "the alternative 'Code' of"] {
            #expect(
                output.diagnostics.count { $0.contains(message) } == (shown ? 1 : 0), "\(kept): \(output.diagnostics)")
        }
        #expect(output.summary?.skipped[.schema] == (shown ? 2 : nil), "\(kept): \(String(describing: output.summary))")
    }
}
