import Foundation
import SpecwrightCore
import Testing

/// `readOnly` and `writeOnly` (OAS 3.0/3.1 Schema Object): a required `readOnly` property is
/// required in responses only, a required `writeOnly` one in requests only. One Swift type serves
/// both directions (a value fetched with GET is sent back with PUT as it is), so such a property
/// is optional: a client creates an object without inventing its `id`, and a response without
/// the `password` decodes. A `readOnly` property is never part of a request (`fields.readOnly`: the
/// runtime leaves it out where it encodes one), so a fetched value is sent back without it.
@Suite struct OpenAPIReadWriteOnlyTests {
    static let document = OpenAPISupport.document(
        paths: """
              /users:
                post:
                  operationId: createUser
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/User' }
                  responses:
                    '201':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/User' }
              /users/form:
                post:
                  operationId: createUserFromForm
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { $ref: '#/components/schemas/User' }
                  responses:
                    '204': { description: created }
            """,
        schemas: """
                User:
                  type: object
                  required: [id, name, password, created, owner]
                  properties:
                    id: { type: integer, readOnly: true }
                    name: { type: string }
                    password: { type: string, writeOnly: true }
                    created: { type: [string, 'null'], format: date-time, readOnly: true }
                    owner: { allOf: [{ $ref: '#/components/schemas/Owner' }], readOnly: true }
                Owner:
                  type: object
                  properties:
                    name: { type: string }
            """, version: "3.1.0")

    @Test("a required readOnly or writeOnly property is optional and left out when nil")
    func requiredInOneDirectionIsOptional() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.contains("public let id: Int?"), "\(types)")
        #expect(types.contains("public let name: String\n"))
        #expect(types.contains("public let password: String?"))
        #expect(types.contains("public let created: Date?"))
        #expect(types.contains("public let owner: Owner?"))
        let flat = types.filter { !$0.isWhitespace }
        #expect(flat.contains("id:Int?=nil"), "the initializer does not ask for the server's id")
        #expect(flat.contains("fields.readOnly(\"id\",lhs.id,rhs.id)"), "never part of a request")
        #expect(
            flat.contains("fields.readOnly(\"created\",lhs.created,rhs.created)"),
            "a required nullable readOnly property is not sent as null: it is not sent in a request at all")
        #expect(flat.contains("fields.readOnly(\"owner\",lhs.owner,rhs.owner)"), "readOnly next to an allOf $ref")
        #expect(flat.contains("fields.field(\"password\",lhs.password,rhs.password)"))
        #expect(flat.contains("try fields.optional(\"password\")") || flat.contains("fields.optional(\"password\""))
        #expect(types.contains("Required in responses only.") && types.contains("Required in requests only."))
    }

    @Test("a form body has no field for a readOnly property; a required writeOnly one stays required")
    func formBodiesLeaveReadOnlyPropertiesOut() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let client = output.client.filter { !$0.isWhitespace }
        #expect(client.contains("createUserFromForm(name:String,password:String)"), "\(output.client)")
    }

    @Test("a type that goes one way only keeps the property required in that way")
    func oneWayTypesKeepTheirRequirements() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /logins:
                        post:
                          operationId: logIn
                          requestBody:
                            content:
                              application/json:
                                schema: { $ref: '#/components/schemas/Login' }
                          responses:
                            '200':
                              content:
                                application/json:
                                  schema: { type: array, items: { $ref: '#/components/schemas/Session' } }
                            '409':
                              content:
                                application/json:
                                  schema: { $ref: '#/components/schemas/Conflict' }
                    """,
                schemas: """
                        Login:
                          type: object
                          required: [user, password, server]
                          properties:
                            user: { type: string }
                            password: { type: string, writeOnly: true }
                            server: { type: string, readOnly: true }
                        Session:
                          type: object
                          required: [id, token]
                          properties:
                            id: { type: integer, readOnly: true }
                            token: { type: string, writeOnly: true }
                        Conflict:
                          type: object
                          required: [secret]
                          properties:
                            secret: { type: string, writeOnly: true }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types
        #expect(types.contains("public let password: String\n"), "only sent: required as in requests: \(types)")
        #expect(types.contains("public let server: String?"), "readOnly in a type a request sends")
        #expect(types.contains("public let id: Int\n"), "only received: required as in responses")
        #expect(types.contains("public let token: String?"), "writeOnly in a type a response holds")
        #expect(types.contains("public let secret: String?"), "an error body is received too")
        let flat = types.filter { !$0.isWhitespace }
        #expect(flat.contains("fields.readOnly(\"server\",lhs.server,rhs.server)"), "left out of requests")
        #expect(flat.contains("fields.field(\"id\",lhs.id,rhs.id)"), "a type only received has nothing to leave out")
    }
}
