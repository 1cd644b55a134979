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

    static func formDocument(method: String) -> String {
        OpenAPISupport.document(
            paths: """
                  /settings:
                    \(method):
                      operationId: saveSettings
                      requestBody:
                        content:
                          application/x-www-form-urlencoded:
                            schema:
                              type: object
                              properties:
                                theme: { type: string, default: dark, description: The look. }
                                sizes: { type: array, items: { type: integer }, default: [1, 2] }
                                name: { type: string }
                      responses:
                        '204': { description: Stored. }
                  /avatar:
                    \(method):
                      operationId: saveAvatar
                      requestBody:
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              properties:
                                file: { type: string, format: binary }
                                note: { type: string, default: none }
                                count: { type: integer, default: 3 }
                      responses:
                        '204': { description: Stored. }
                """)
    }

    @Test("a PATCH form or multipart body leaves its defaults to the server, as a JSON PATCH body")
    func patchFormsLeaveDefaultsOut() throws {
        let output = try OpenAPISupport.generate(Self.formDocument(method: "patch"))
        #expect(output.succeeded, "\(output.diagnostics)")
        let client = output.swift.filter { !$0.isWhitespace }
        #expect(client.contains("saveSettings(theme:String?=nil,sizes:[Int]?=nil,name:String?=nil"), "\(output.swift)")
        #expect(client.contains("saveAvatar(file:FilePart?=nil,note:String?=nil,count:Int?=nil"), "\(output.swift)")
        #expect(
            output.swift.contains(
                "- Parameter theme: The look. Default: `\"dark\"` (the server's); `nil` leaves it out"
            ), "\(output.swift)")
        #expect(output.swift.contains("- Parameter count: Default: `3` (the server's);"), "\(output.swift)")
    }

    @Test("a POST form or multipart body pre-fills its defaults")
    func postFormsKeepTheirDefaults() throws {
        let output = try OpenAPISupport.generate(Self.formDocument(method: "post"))
        let client = output.swift.filter { !$0.isWhitespace }
        #expect(
            client.contains("saveSettings(theme:String=\"dark\",sizes:[Int]=[1,2],name:String?=nil"), "\(output.swift)")
        #expect(client.contains("saveAvatar(file:FilePart?=nil,note:String=\"none\",count:Int=3"), "\(output.swift)")
    }

    @Test("elsewhere a default pre-fills the initializer and decoding")
    func otherBodiesKeepTheirDefaults() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types.filter { !$0.isWhitespace }
        #expect(types.contains("publicinit(name:String,temper:Temper=.calm,tags:[String]=[])"), "\(output.types)")
        #expect(types.contains("fields.optional(\"temper\",default:.calm)"))
    }
}
