import Foundation
import SpecwrightCore
import Testing

/// Defaults in `PATCH` bodies: a property's `default` pre-fills the initializer (a create that sends
/// it changes nothing), but a `PATCH` is a partial update, so in the types a `PATCH` body holds a
/// property with a default is a plain optional, left out unless the caller sets it; the doc
/// comment names the default. A type sent by a `PATCH` and a `POST` alike is a `PATCH` body.
@Suite struct OpenAPIPatchDefaultsTests {
    static let document = OpenAPISupport.document(
        paths: """
              /pets:
                post:
                  operationId: createPet
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/Pet' }
                  responses:
                    '201':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Pet' }
              /pets/{id}:
                patch:
                  operationId: updatePet
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: integer } }
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/PetUpdate' }
                  responses:
                    '200':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Pet' }
            """,
        schemas: """
                Temper:
                  type: string
                  enum: [CALM, LIVELY]
                Pet:
                  type: object
                  required: [name]
                  properties:
                    name: { type: string }
                    temper: { allOf: [{ $ref: '#/components/schemas/Temper' }], default: CALM }
                    tags: { type: array, items: { type: string }, default: [] }
                PetUpdate:
                  type: object
                  properties:
                    name: { type: string }
                    temper: { allOf: [{ $ref: '#/components/schemas/Temper' }], default: CALM }
                    tags: { type: array, items: { type: string }, default: [] }
                    place: { $ref: '#/components/schemas/Place' }
                Place:
                  type: object
                  properties:
                    indoor: { type: boolean, default: true }
            """)

    @Test("a PATCH body's defaults are the server's: optional, left out, named in the doc comment")
    func patchBodiesLeaveDefaultsOut() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types.filter { !$0.isWhitespace }
        #expect(types.contains("publicinit(name:String?=nil,temper:Temper?=nil,tags:[String]?=nil"), "\(output.types)")
        #expect(types.contains("indoor:Bool?=nil"), "a type a PATCH body holds through a property: \(output.types)")
        #expect(output.types.contains("/// Default: `\"CALM\"` (the server's)."), "\(output.types)")
        #expect(output.types.contains("/// Default: `[]` (the server's)."))
        #expect(output.types.contains("/// `nil` leaves it out: a `PATCH` keeps the stored value."))
        #expect(types.contains("fields.optional(\"temper\")"), "absent decodes as nil")
    }

    @Test("elsewhere a default pre-fills the initializer and decoding")
    func otherBodiesKeepTheirDefaults() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types.filter { !$0.isWhitespace }
        #expect(types.contains("publicinit(name:String,temper:Temper=.calm,tags:[String]=[])"), "\(output.types)")
        #expect(types.contains("fields.optional(\"temper\",default:.calm)"))
    }
}
