import Foundation
import SpecwrightCore
import Testing

/// Null is a value: a property that is required and nullable is sent as `null` when it is nil,
/// however the document spells nullability; an optional one is left out.
@Suite("OpenAPI required nullable properties")
struct OpenAPISchemaNullTests {
    @Test("required nullable properties are encoded through RequiredNullable, in every spelling")
    func requiredNullable() throws {
        let output = try OpenAPISupport.generate(OpenAPISupport.document(schemas: """
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
        #expect(flat.contains(
            "tryencoder.encodeFields(keys:Self.fieldKeys,self.id,RequiredNullable(self.deletedAt),RequiredNullable(self.owner),"
                + "RequiredNullable(self.label),RequiredNullable(self.score),self.comment)"), "\(output.types)")
    }
}
