import Foundation
import SpecwrightCore
import Testing

@Suite("OpenAPI operations")
struct OpenAPIOperationTests {
    static let petstore = OpenAPISupport.document(
        paths: """
              /pets:
                get:
                  tags: [pets]
                  operationId: listPets
                  parameters:
                    - { name: limit, in: query, schema: { type: integer, format: int32, default: 20 } }
                    - { name: tags, in: query, schema: { type: array, items: { type: string } } }
                    - { name: X-Request-Id, in: header, schema: { type: string } }
                    - { name: session, in: cookie, schema: { type: string } }
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
                    default:
                      description: error
                      content:
                        application/problem+json:
                          schema: { $ref: '#/components/schemas/Error' }
                post:
                  tags: [pets]
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/Pet' }
                  responses:
                    '201': { description: created }
                    '404':
                      description: missing
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Error' }
              /pets/{petId}:
                parameters:
                  - { name: petId, in: path, required: true, schema: { type: integer, format: int64 } }
                get:
                  tags: [pets]
                  operationId: show-pet-by-id
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Pet' }
              /pets/{petId}/photo:
                put:
                  operationId: uploadPhoto
                  parameters:
                    - { name: petId, in: path, required: true, schema: { type: string } }
                  requestBody:
                    content:
                      image/png:
                        schema: { type: string, format: binary }
                  responses:
                    '200':
                      description: the stored image
                      content:
                        image/png:
                          schema: { type: string, format: binary }
              /pets/{petId}/form:
                post:
                  operationId: submitForm
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [name]
                          properties:
                            name: { type: string }
                            age: { type: integer }
                  responses:
                    '204': { description: ok }
            """,
        schemas: """
                Pet:
                  type: object
                  required: [id]
                  properties:
                    id: { type: integer, format: int64 }
                Error:
                  type: object
                  properties:
                    message: { type: string }
            """)

    @Test(
        "operations are grouped by first tag, else the first path segment, and named from operationId or method + path")
    func groupingAndNames() throws {
        let output = try OpenAPISupport.generate(Self.petstore)
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("public protocol PetsAPI: Sendable"))
        #expect(
            output.client.joinedLayout.contains(
                "func listPets(limit: Int32, tags: [String]?, xRequestId: String?, session: String?) async throws -> [Pet]"
            ))
        #expect(output.client.contains("func postPets(body: Pet) async throws\n"))
        #expect(output.client.contains("func showPetById(petId: Int64) async throws -> Pet"))
        #expect(output.client.contains("public let pets: PetsGroup"))
        #expect(output.summary?.operationsGenerated == 5)
    }

    @Test("without tags a version segment does not name the group: /2.0/users groups under users, not _20 (#14)")
    func versionSegmentIsNoGroup() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /2.0/users/{username}:
                        get:
                          operationId: getUser
                          parameters: [{ name: username, in: path, required: true, schema: { type: string } }]
                          responses: { '204': { description: done } }
                      /2.0/repositories/{username}:
                        get:
                          operationId: getRepositories
                          parameters: [{ name: username, in: path, required: true, schema: { type: string } }]
                          responses: { '204': { description: done } }
                      /2010-04-01/{id}:
                        get:
                          operationId: getDated
                          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                          responses: { '204': { description: done } }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("public let users: UsersGroup"))
        #expect(output.client.contains("public let repositories: RepositoriesGroup"))
        // A path with no segment that has a letter keeps its first literal segment.
        #expect(output.client.contains("public let _20100401: _20100401Group"))
        #expect(!output.client.contains("_20:"))
        #expect(output.endpoints.contains("case .getUser(let username): [\"2.0\", \"users\", username]"))
    }

    @Test("parameter defaults are applied, optional ones default to nil, headers are sent")
    func parameters() throws {
        let output = try OpenAPISupport.generate(Self.petstore)
        #expect(output.client.contains("limit: Int32 = 20,"))
        #expect(output.client.contains("xRequestId: String? = nil"))
        #expect(output.endpoints.contains("queryItems.append(\"limit\", limit)"))
        #expect(
            output.endpoints.contains(
                "if let xRequestId { headerFields.append(HTTPHeader(\"X-Request-Id\", xRequestId)) }"))
        #expect(output.endpoints.contains("case .showPetById(let petId): [\"pets\", String(petId)]"))
    }

    @Test("array query parameters: explode false and the delimited styles send one joined item; deepObject 'name[]'")
    func arrayQueryStyles() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /search:
                        get:
                          operationId: search
                          parameters:
                            - { name: ids, in: query, explode: false, schema: { type: array, items: { type: integer } } }
                            - { name: words, in: query, style: spaceDelimited, schema: { type: array, items: { type: string } } }
                            - { name: flags, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } } }
                            - { name: tags, in: query, schema: { type: array, items: { type: string } } }
                            - { name: filter, in: query, style: deepObject, schema: { type: array, items: { type: string } } }
                          responses:
                            '204': { description: done }
                    """))
        #expect(output.succeeded)
        #expect(output.endpoints.contains(#"queryItems.append("ids", ids, joinedBy: ",")"#))
        #expect(output.endpoints.contains(#"queryItems.append("words", words, joinedBy: " ")"#))
        #expect(output.endpoints.contains(#"queryItems.append("flags", flags, joinedBy: "|")"#))
        #expect(output.endpoints.contains(#"queryItems.append("tags", tags)"#))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"queryItems.append("filter", encoding: filter, style: .deepObject, dates: DateCoding.iso8601)"#))
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    @Test("cookie parameters are sent, in the endpoint's cookies, without a warning")
    func cookieParameters() throws {
        let output = try OpenAPISupport.generate(Self.petstore)
        #expect(!output.diagnostics.contains { $0.contains("cookie") })
        #expect(output.summary?.skipped[.cookieParameter] == nil)
        #expect(output.endpoints.contains("public var cookies: QueryParameters {"))
        #expect(output.endpoints.contains(#"cookieItems.append("session", session)"#))
    }

    @Test(
        "error responses become typed error bodies, 'default' with no status (a schema named Error is renamed ErrorModel)"
    )
    func errorBodies() throws {
        let output = try OpenAPISupport.generate(Self.petstore)
        #expect(output.endpoints.contains("[.json(ErrorModel.self, status: nil)]"))
        #expect(output.endpoints.contains("[.json(ErrorModel.self, status: 404)]"))
    }

    @Test("binary bodies are files, binary responses Data; form bodies send one field per property")
    func bodies() throws {
        let output = try OpenAPISupport.generate(Self.petstore)
        #expect(output.client.contains("func uploadPhoto(petId: String, body: FilePart) async throws -> Data"))
        #expect(output.endpoints.contains(".file(body.withDefaultContentType(\"image/png\"))"))
        #expect(output.client.contains("func submitForm(petId: String, name: String, age: Int?) async throws"))
        #expect(output.endpoints.contains(".formURLEncoded("))
    }

    @Test(
        "form fields: nil is left out by the runtime, arrays repeat the field name, objects are written field by field")
    func formFields() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /calls:
                        post:
                          operationId: createCall
                          requestBody:
                            content:
                              application/x-www-form-urlencoded:
                                schema:
                                  type: object
                                  required: [To]
                                  properties:
                                    To: { type: string }
                                    Events: { type: array, items: { type: string } }
                                    Timeout: { type: integer }
                                    Extra: { type: object }
                          responses:
                            '201': { description: created }
                    """))
        #expect(output.succeeded)
        #expect(output.endpoints.contains(#"var formFields = FormFields(dates: DateCoding.iso8601)"#))
        #expect(output.endpoints.contains(#"formFields.append("To", to)"#))
        #expect(output.endpoints.contains(#"formFields.append("Events", events)"#))
        #expect(output.endpoints.contains(#"formFields.append("Timeout", timeout)"#))
        #expect(output.endpoints.contains(#"formFields.append("Extra", encoding: extra)"#))
        #expect(output.endpoints.contains("return .formURLEncoded(formFields.fields)"))
        #expect(!output.endpoints.contains("String(describing:"))
    }

    /// A form or multipart body whose schema has no properties sends an empty body: the generated
    /// code holds no `var` that nothing appends to (the compiler would warn in the app's build).
    @Test("form and multipart bodies without fields are empty literals, not never-mutated variables")
    func emptyFormBodies() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /pairs:
                        post:
                          operationId: submitPairs
                          requestBody:
                            content:
                              application/x-www-form-urlencoded:
                                schema: { type: object }
                          responses:
                            '204': { description: done }
                      /parts:
                        post:
                          operationId: submitParts
                          requestBody:
                            content:
                              multipart/form-data:
                                schema: { type: object }
                          responses:
                            '204': { description: done }
                    """))
        #expect(output.succeeded)
        #expect(output.endpoints.contains("return .formURLEncoded([])"))
        #expect(output.endpoints.contains("return .multipart([])"))
        #expect(!output.endpoints.contains("var formFields"))
        #expect(!output.endpoints.contains("var multipartParts"))
    }

    @Test(
        "form encoding: deepObject and explode false are honoured, untyped fields are JSON text, unsupported styles are located warnings"
    )
    func formEncodingStyles() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /charges:
                        post:
                          operationId: createCharge
                          requestBody:
                            content:
                              application/x-www-form-urlencoded:
                                schema:
                                  type: object
                                  properties:
                                    metadata: { type: object, additionalProperties: { type: string } }
                                    ids: { type: array, items: { type: integer } }
                                    lines: { type: array, items: { type: object, properties: { price: { type: string } } } }
                                    parameter: {}
                                    shape: { type: object, properties: { a: { type: string } } }
                                    note: { type: string }
                                encoding:
                                  note: { style: deepObject }
                                  metadata: { style: deepObject, explode: true }
                                  ids: { explode: false }
                                  shape: { style: pipeDelimited }
                          responses:
                            '204': { description: ok }
                      /files:
                        post:
                          operationId: upload
                          requestBody:
                            content:
                              multipart/form-data:
                                schema:
                                  type: object
                                  properties:
                                    file: { type: string, format: binary }
                                    meta: { type: object, properties: { title: { type: string } } }
                                    labels: { type: array, items: { type: string } }
                                    photos: { type: array, items: { type: string, format: binary } }
                          responses:
                            '204': { description: ok }
                    """))
        #expect(output.succeeded)
        #expect(output.endpoints.contains(#"formFields.append("metadata", encoding: metadata, style: .deepObject)"#))
        #expect(output.endpoints.contains(#"formFields.append("ids", ids, joinedBy: ",")"#))
        #expect(output.endpoints.contains(#"formFields.append("lines", encoding: lines)"#))
        #expect(output.endpoints.contains(#"formFields.append("parameter", json: parameter)"#))
        #expect(output.endpoints.contains(#"formFields.append("note", note)"#))
        // OpenAPI 3.1 defines the delimited styles for objects too: `shape=a|x`.
        #expect(output.endpoints.contains(#"formFields.append("shape", encoding: shape, joinedBy: "|")"#))
        #expect(output.endpoints.contains(#"MultipartPart(name: "meta", json: meta, dates: DateCoding.iso8601)"#))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"if let labels { for element in labels { multipartParts.append(MultipartPart(name: "labels", data: Data(element.utf8))) } }"#
            ))
        #expect(
            output.endpoints.joinedLayout.contains(
                #"if let photos { for element in photos { multipartParts.append(MultipartPart(name: "photos", file: element)) } }"#
            ))
        #expect(
            output.endpoints.contains(
                #"if let file { multipartParts.append(MultipartPart(name: "file", file: file)) }"#))
        #expect(
            output.diagnostics.contains {
                $0.hasPrefix("api.yaml:") && $0.contains("warning: form field 'lines' is an array of objects")
            })
        #expect(output.summary?.skipped[.parameterStyle] == 1)
    }

    @Test("parameters whose names collide once made Swift get distinct names")
    func collidingParameters() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /items:
                        get:
                          operationId: list
                          parameters:
                            - { name: page-size, in: query, schema: { type: integer } }
                            - { name: page_size, in: query, schema: { type: integer } }
                            - { name: default, in: query, schema: { type: string } }
                          responses:
                            '204': { description: ok }
                    """))
        #expect(output.succeeded)
        #expect(
            output.client.contains("func list(pageSize: Int?, pageSizeValue: Int?, `default`: String?) async throws"))
        #expect(output.endpoints.contains("queryItems.append(\"page_size\", pageSizeValue)"))
    }

    @Test("bearer and API key security schemes map to the runtime's auth")
    func security() throws {
        let bearer = try OpenAPISupport.generate(
            OpenAPISupport.document(
                extra: """
                    security:
                      - token: []
                    components:
                      securitySchemes:
                        token: { type: http, scheme: bearer }
                    """
            ).replacingOccurrences(of: "components:\n  schemas:", with: ""))
        #expect(bearer.client.contains("auth: .bearer"))
        let apiKey = try OpenAPISupport.generate(
            OpenAPISupport.document(
                extra: """
                    security:
                      - key: []
                    components:
                      securitySchemes:
                        key: { type: apiKey, in: query, name: api_key }
                    """))
        #expect(apiKey.client.contains("auth: .apiKeyQuery(\"api_key\")"))
    }
}
