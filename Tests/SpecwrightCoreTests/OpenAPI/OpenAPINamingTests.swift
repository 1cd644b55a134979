import Foundation
import Testing
@testable import SpecwrightCore

/// Issue #12 point 7: names a Swift developer would write, from framework-generated operationIds
/// and symbol-led enum values; defaults of integer enums; OAS 3.1 binary spellings (point 2).
@Suite("OpenAPI names and binary spellings")
struct OpenAPINamingTests {
    @Test(
        "framework operationIds lose their path-and-method suffix or path prefix",
        arguments: [
            ("read_item_items__item_id__get", "get", "/items/{item_id}", "read item"),
            ("listPetsPetsGet", "get", "/pets", "list Pets"),
            ("root__get", "get", "/", "root"),
            ("upload_files_files_many_post", "post", "/files/many", "upload files"),
            ("FetchAccount", "get", "/2010-04-01/Accounts/{Sid}.json", nil),
            ("users_get", "get", "/users", nil),
            ("read_item_items__item_id__get", "put", "/items/{item_id}", nil),
            // Litestar: the path's words (a segment already written is skipped), then the function's.
            ("ItemsItemIdReadItem", "get", "/items/{item_id}", "Read Item"),
            ("HealthHealth", "get", "/health", "Health"),
            ("ByQueryByQuery", "get", "/by-query", "By Query"),
            ("EventsAtEventAt", "get", "/events/at", "Event At"),
            ("ItemsGetItem", "get", "/items/{item}", "Get Item"),
            ("V2ItemsListItems", "get", "/v2/items", "List Items"),
            ("UsersGet", "get", "/users", nil),
            ("usersList", "get", "/users", nil),
            ("Users", "get", "/users", nil),
            ("Users2", "get", "/users", nil)
        ] as [(String, String, String, String?)])
    func idiomaticOperationName(_ id: String, _ method: String, _ path: String, _ expected: String?) {
        #expect(OperationName.idiomatic(id, method: method, path: path) == expected)
    }

    static let fastAPIPaths = """
          /items/{item_id}:
            get:
              operationId: read_item_items__item_id__get
              tags: [items]
              parameters:
                - { name: item_id, in: path, required: true, schema: { type: integer } }
              responses:
                '204': { description: ok }
          /v2/items/{item_id}:
            get:
              operationId: read_item_v2_items__item_id__get
              tags: [items]
              parameters:
                - { name: item_id, in: path, required: true, schema: { type: integer } }
              responses:
                '204': { description: ok }
          /pets:
            get:
              operationId: listPetsPetsGet
              responses:
                '204': { description: ok }
        """

    @Test("generated methods use the idiomatic names; a collision keeps the raw id, with a warning")
    func idiomaticNamesInTheClient() throws {
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: Self.fastAPIPaths))
        #expect(output.succeeded)
        #expect(output.client.contains("func readItem(itemId: Int)"))
        #expect(output.client.contains("func readItemV2ItemsItemIdGet(itemId: Int)"))
        #expect(output.client.contains("func listPets()"))
        #expect(
            output.diagnostics.contains {
                $0.contains(
                    "warning: operation 'read_item_v2_items__item_id__get' would be named 'readItem', which is taken; it is generated as 'readItemV2ItemsItemIdGet' [naming]"
                )
            })
    }

    @Test("the config's operationNames: operationId keeps the raw ids")
    func configKeepsRawIDs() throws {
        let parsed = GenerationConfig.parse(Array("operationNames: operationId\n".utf8), file: "c.yaml")
        let config = try #require(parsed.config)
        #expect(config.operationNaming == .operationId)
        var input = GenerationInput(
            bytes: Array(OpenAPISupport.document(paths: Self.fastAPIPaths).utf8), file: "api.yaml",
            templates: try TemplateSet.defaults())
        input.operationNaming = try #require(config.operationNaming)
        let client = GenerationPipeline.run(input).files.first { $0.name == "Client.swift" }?.contents ?? ""
        #expect(client.contains("func readItemItemsItemIdGet(itemId: Int)"))
        #expect(client.contains("func listPetsPetsGet()"))
        let wrong = GenerationConfig.parse(Array("operationNames: raw\n".utf8), file: "c.yaml")
        #expect(
            wrong.diagnostics.map(\.description) == [
                "c.yaml:1:17: error: 'operationNames' must be idiomatic or operationId, not 'raw'"
            ])
    }

    @Test("enum values led by signs get readable case names; x-enumNames names integer cases")
    func enumCaseNames() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                schemas: """
                        Order:
                          type: string
                          enum: [name, -name, price, -price, +rank]
                        Level:
                          type: integer
                          enum: [1, 5]
                          x-enumNames: [Low, High]
                    """))
        #expect(output.succeeded)
        for name in [
            "case name", "case minusName", "case price", "case minusPrice", "case plusRank", "case low", "case high"
        ] {
            #expect(output.types.contains(name + "\n"), "\(name)")
        }
        #expect(!output.types.contains("name2"))
    }

    @Test("an integer enum default behind $ref is honoured in properties and query parameters")
    func integerEnumDefaults() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /search:
                        get:
                          operationId: search
                          parameters:
                            - { name: priority, in: query, schema: { $ref: '#/components/schemas/Priority', default: 5 } }
                          responses:
                            '204': { description: ok }
                    """,
                schemas: """
                        Priority:
                          type: integer
                          enum: [1, 5]
                        Settings:
                          type: object
                          properties:
                            priority: { $ref: '#/components/schemas/Priority', default: 5 }
                            other: { $ref: '#/components/schemas/Priority', default: 7 }
                    """))
        #expect(output.succeeded)
        #expect(output.types.contains("priority: Priority = .value5,"))
        #expect(output.types.contains("other: Priority = .unknown(7)"))
        #expect(output.client.contains("priority: Priority = .value5"))
    }

    @Test(
        "OAS 3.1 files: contentMediaType, contentEncoding and a multipart encoding's contentType are files (FilePart in multipart, Data in JSON)"
    )
    func binarySpellings() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /upload:
                        post:
                          operationId: upload
                          requestBody:
                            content:
                              multipart/form-data:
                                schema:
                                  type: object
                                  required: [file, files, picture, note]
                                  properties:
                                    file: { type: string, contentMediaType: application/octet-stream }
                                    files: { type: array, items: { type: string, contentMediaType: application/octet-stream } }
                                    picture: { type: string }
                                    note: { type: string, contentMediaType: text/plain }
                                encoding:
                                  picture: { contentType: image/png }
                          responses:
                            '204': { description: ok }
                    """,
                schemas: """
                        Blob:
                          type: object
                          required: [payload]
                          properties:
                            payload: { type: string, contentEncoding: base64 }
                    """, version: "3.1.0"))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(
            output.client.contains("func upload(file: FilePart, files: [FilePart], picture: FilePart, note: String)"))
        #expect(output.types.contains("public let payload: Data"))
    }
}
