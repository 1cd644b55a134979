import Foundation
import SpecwrightYAML
import Testing

@testable import SpecwrightCore

/// The typed document stage (#13 item 1): ``OpenAPIReader`` reads every part the importer
/// translates, keeps where each was written, keeps `$ref`s as references, and reads fields of
/// the wrong kind as absent instead of failing.
@Suite("OpenAPI document reader")
struct OpenAPIReaderTests {
    static func read(_ text: String) throws -> OpenAPI.Document {
        let root = try SourceDocument.parse(Array(text.utf8), file: "api.yaml").get()
        return OpenAPIReader.document(root)
    }

    static let document = """
        openapi: 3.1.0
        info: { title: Pet Store, description: Pets., version: '1' }
        servers:
          - url: 'https://{region}.example.com/v1'
            variables:
              region: { default: eu }
        security:
          - key: []
          - oauth: [read, write]
            key: []
        x-specwright-dates: epochSeconds
        paths:
          /pets/{petId}:
            parameters:
              - $ref: '#/components/parameters/PetId'
            get:
              operationId: getPet
              tags: [pets, read]
              summary: One pet
              deprecated: true
              parameters:
                - { name: verbose, in: query, required: false, style: form, explode: false, schema: { type: boolean } }
              responses:
                '200':
                  description: ok
                  headers:
                    X-Rate: { schema: { type: integer }, description: Left }
                  content:
                    application/json: { schema: { $ref: '#/components/schemas/Pet' } }
                  links:
                    next: { operationId: getPet }
                default: { $ref: '#/components/responses/Error' }
              callbacks:
                onEvent: {}
              x-specwright: { timeout: 5 }
            post:
              requestBody:
                description: A photo.
                content:
                  multipart/form-data:
                    schema: { type: object }
                    encoding:
                      photo: { contentType: image/png, style: form, explode: true }
              responses:
                '204': { description: none }
            trace:
              responses: {}
        components:
          schemas:
            Pet: { type: object }
            Id: { type: string }
          securitySchemes:
            key: { type: apiKey, name: X-Key, in: header }
            oauth: { $ref: '#/components/securitySchemes/key' }
        webhooks:
          newPet: {}
        """

    @Test("reads the document's parts with their locations")
    func readsParts() throws {
        let document = try Self.read(Self.document)
        #expect(document.version == "3.1.0")
        #expect(document.info.title == "Pet Store" && document.info.description == "Pets.")
        #expect(document.servers.first?.url?.value == "https://{region}.example.com/v1")
        #expect(document.servers.first?.url?.location.line == 4)
        #expect(document.servers.first?.variables.map(\.name) == ["region"])
        #expect(document.servers.first?.variables.first?.defaultValue == "eu")
        #expect(document.security?.alternatives?.map { $0.schemes.map(\.name) } == [["key"], ["oauth", "key"]])
        #expect(document.security?.alternatives?[1].schemes[0].scopes == ["read", "write"])
        #expect(document.extensions.dates == "epochSeconds")
        #expect(document.components.schemas.map(\.name) == ["Pet", "Id"])
        #expect(document.components.securitySchemes.map(\.name) == ["key", "oauth"])
        #expect(document.webhooks.map(\.value) == ["newPet"])
        #expect(document.paths.map(\.path) == ["/pets/{petId}"])
        #expect(document.paths.first?.keyLocation.line == 13)
    }

    @Test("reads path items and operations in source order, keeping unsent methods for the importer")
    func readsOperations() throws {
        let document = try Self.read(Self.document)
        guard case .value(let item)? = document.paths.first?.item else {
            Issue.record("the path item is not read in place")
            return
        }
        #expect(item.operations.map(\.method) == ["get", "post", "trace"])
        #expect(item.parameters.count == 1)
        if case .reference(let reference)? = item.parameters.first {
            #expect(reference.text == "#/components/parameters/PetId")
            #expect(reference.keyLocation.line == 15 && reference.keyLocation.column == 9)
        } else {
            Issue.record("the shared parameter is not a reference")
        }
        let get = item.operations[0].operation
        #expect(get.id == "getPet" && get.operationId?.location.line == 17)
        #expect(get.tags == ["pets", "read"] && get.summary == "One pet" && get.deprecated)
        #expect(get.callbacks.map(\.value) == ["onEvent"] && get.settings != nil)
        guard case .value(let verbose)? = get.parameters.first else {
            Issue.record("the operation's parameter is not read in place")
            return
        }
        #expect(verbose.name == "verbose" && verbose.placement == "query" && verbose.required == false)
        #expect(verbose.style == "form" && verbose.explode == false && verbose.schema != nil)
        #expect(get.responses.map(\.status) == ["200", "default"])
        guard case .value(let ok) = get.responses[0].response else {
            Issue.record("the 200 response is not read in place")
            return
        }
        #expect(ok.headers.map(\.name) == ["X-Rate"])
        #expect(ok.content?.map(\.mediaType) == ["application/json"])
        #expect(ok.content?.first?.media.schema != nil)
        #expect(ok.links.map(\.value) == ["next"])
        if case .reference(let error) = get.responses[1].response {
            #expect(error.text == "#/components/responses/Error")
        } else {
            Issue.record("the default response is not a reference")
        }
        guard case .value(let body)? = item.operations[1].operation.requestBody else {
            Issue.record("the request body is not read in place")
            return
        }
        #expect(body.description == "A photo.")
        let media = try #require(body.content.first?.media)
        #expect(media.encoding(of: "photo")?.contentType == "image/png")
        #expect(media.encoding(of: "photo")?.explode == true)
        #expect(media.encoding(of: "other") == nil)
    }

    @Test("reads fields of the wrong kind as absent and never fails")
    func lenient() throws {
        let document = try Self.read(
            """
            openapi: 3.0.3
            info: 5
            servers: { url: x }
            security: { key: [] }
            paths:
              /a:
                get:
                  operationId: { not: text }
                  tags: not-a-list
                  deprecated: 'yes'
                  parameters: {}
                  responses:
                    '200': { content: text }
                    '201': { description: none }
                post: 5
            components: []
            """)
        #expect(document.info.title == nil && document.servers.isEmpty)
        #expect(document.security != nil && document.security?.alternatives == nil)
        #expect(document.components.schemas.isEmpty)
        guard case .value(let item)? = document.paths.first?.item else {
            Issue.record("the path item is not read in place")
            return
        }
        let get = item.operations[0].operation
        #expect(get.operationId != nil && get.id == nil)
        #expect(get.tags.isEmpty && !get.deprecated && get.parameters.isEmpty)
        if case .value(let text) = get.responses[0].response, case .value(let none) = get.responses[1].response {
            #expect(text.content?.isEmpty == true, "present but not a mapping: empty")
            #expect(none.content == nil, "absent: nil")
        } else {
            Issue.record("the responses are not read in place")
        }
        let post = item.operations[1].operation
        #expect(post.responses.isEmpty && post.location.line == 15)
    }

    static func schema(_ text: String) throws -> OpenAPI.JSONSchema {
        // YAML even when it starts with `{` (SourceDocument would read a flow mapping as JSON).
        OpenAPI.JSONSchema(reading: try YAMLParser.parseDocument(Array(text.utf8), file: "s.yaml"))
    }

    @Test("reads both versions' spellings of null, types and files")
    func schemaVersions() throws {
        let nullable30 = try Self.schema("{ type: string, nullable: true, format: binary }")
        #expect(nullable30.types == ["string"] && nullable30.allowsNullByType && nullable30.format == "binary")
        let list31 = try Self.schema("{ type: [string, 'null'], contentMediaType: image/png, contentEncoding: base64 }")
        #expect(list31.types == ["string"] && list31.allowsNullByType)
        #expect(list31.contentMediaType == "image/png" && list31.hasContentEncoding)
        let null = try Self.schema("{ type: 'null' }")
        #expect(null.isNullType && null.types.isEmpty && !null.allowsNullByType)
        let several = try Self.schema("{ type: [integer, string] }")
        #expect(several.types == ["integer", "string"] && several.typeLocation?.column == 9)
    }

    @Test("reads compositions, properties and the keywords that locate messages")
    func schemaKeywords() throws {
        let schema = try Self.schema(
            """
            title: Pet
            required: [id]
            properties:
              id: { type: integer, x-specwright-name: identifier }
              kind: { $ref: '#/components/schemas/Kind', description: The kind. }
            additionalProperties: true
            oneOf: not-a-list
            anyOf: [ { required: [id] }, { type: object } ]
            discriminator: { propertyName: kind, mapping: { cat: Cat, bad: { not: text } } }
            enum: [1, 2, null]
            x-enumNames: [One, Two]
            """)
        #expect(schema.hasTitle && schema.title == "Pet" && schema.required == ["id"])
        #expect(schema.properties.map(\.name) == ["id", "kind"])
        #expect(schema.properties[0].schema.swiftName == "identifier")
        let kind = schema.properties[1].schema
        #expect(kind.reference?.text == "#/components/schemas/Kind" && kind.description == "The kind.")
        #expect(kind.referenceKeyLocation?.line == 5 && kind.referenceKeyLocation?.column == 11)
        #expect(schema.additionalProperties?.form == .boolean(true))
        #expect(schema.hasOneOf && schema.oneOf == nil)
        #expect(schema.anyOf?.map(\.describesType) == [false, true])
        #expect(schema.discriminatorProperty == "kind" && schema.discriminatorMapping.map(\.value) == ["cat"])
        #expect(schema.enumValues?.count == 3 && schema.enumLocation?.line == 10)
        #expect(schema.enumVariableNameLists == [["One", "Two"]])
        #expect(try Self.schema("{}").form == .mapping(isEmpty: true))
        #expect(try Self.schema("false").form == .boolean(false))
    }

    @Test("a schema's content key leaves out what documents one use and the order of mapping keys")
    func contentKey() throws {
        // One table, as the importer keeps for a document: each schema its own place.
        var keys = SchemaContentKeys()
        var count = 0
        func key(_ text: String, ignoringTitle: Bool = false) throws -> String? {
            count += 1
            let node = try YAMLParser.parseDocument(Array(text.utf8), file: "s\(count).yaml")
            return OpenAPI.JSONSchema(reading: node).contentKey(ignoringTitle: ignoringTitle, keys: &keys)
        }
        let first = try key("{ title: Point, description: Here., x-note: 1, properties: { x: { type: number } } }")
        #expect(first != nil)
        #expect(try key("{ title: Point, properties: { x: { type: number } }, example: { x: 1 } }") == first)
        #expect(try key("{ title: Point, properties: { y: { type: number } } }") != first)
        #expect(
            try key("{ title: Place, properties: { x: { type: number } } }", ignoringTitle: true)
                == key("{ title: Point, properties: { x: { type: number } } }", ignoringTitle: true))
        #expect(try key("{ title: Place, properties: { x: { type: number } } }") != first)
        #expect(try key("true") == nil)
        // Keys in another order, at the top and nested, are the same content; sequences keep their order.
        #expect(try key("{ properties: { x: { type: number } }, title: Point }") == first)
        let union = try key("{ oneOf: [{ type: string, enum: [a, b] }, { type: integer }] }")
        #expect(try key("{ oneOf: [{ enum: [a, b], type: string }, { type: integer }] }") == union)
        #expect(try key("{ oneOf: [{ type: integer }, { enum: [a, b], type: string }] }") != union)
        #expect(try key("{ oneOf: [{ type: string, enum: [b, a] }, { type: integer }] }") != union)
        // The same schema asked again (by its place) is answered from the table.
        let node = try YAMLParser.parseDocument(Array("{ type: string, enum: [a] }".utf8), file: "again.yaml")
        let schema = OpenAPI.JSONSchema(reading: node)
        let asked = schema.contentKey(ignoringTitle: false, keys: &keys)
        #expect(asked != nil && schema.contentKey(ignoringTitle: false, keys: &keys) == asked)
        // A schema larger than the limit has no key.
        let wide = (0..<2_000).map { "p\($0): { type: string }" }.joined(separator: ", ")
        #expect(try key("{ type: object, properties: { \(wide) } }") == nil)
    }
}
