import Foundation
import SpecwrightCore
import Testing

/// #12 point 8: the headers an operation's success response declares are typed on its
/// `…Response` form; a header set repeated on many operations is one struct.
@Suite("OpenAPI response headers")
struct OpenAPIResponseHeaderTests {
    static let document = OpenAPISupport.document(
        paths: """
              /stamped:
                get:
                  operationId: stamped
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Rate-Limit: { description: Calls left, schema: { type: integer } }
                        X-Stamp: { $ref: '#/components/headers/Stamp' }
                        X-Modes: { schema: { type: array, items: { $ref: '#/components/schemas/Mode' } } }
                        Content-Type: { schema: { type: string } }
                      content:
                        application/json:
                          schema: { type: object, properties: { status: { type: string } } }
                    '429':
                      description: slow down
                      headers:
                        Retry-After: { schema: { type: integer } }
              /things:
                post:
                  operationId: createThing
                  responses:
                    '201':
                      description: created
                      headers:
                        Location: { schema: { type: string, format: uri } }
                        X-Expires: { schema: { type: string, format: date-time } }
                delete:
                  operationId: deleteThing
                  responses:
                    '204':
                      description: gone
                      headers:
                        Location: { schema: { type: string, format: uri } }
                        X-Expires: { schema: { type: string, format: date-time } }
              /blob:
                get:
                  operationId: blob
                  parameters: [{ name: cache, in: query, schema: { type: string } }]
                  responses:
                    '200':
                      description: ok
                      headers: { ETag: { schema: { type: string } } }
                      content: { application/octet-stream: { schema: { type: string, format: binary } } }
            """,
        schemas: """
                Mode: { type: string, enum: [fast, slow] }
            """)

    static func generate() throws -> OpenAPISupport.Output {
        let text = document.replacingOccurrences(
            of: "components:\n  schemas:\n",
            with:
                "components:\n  headers:\n    Stamp: { description: Server stamp, schema: { type: string } }\n  schemas:\n"
        )
        return try OpenAPISupport.generate(text)
    }

    @Test func theSuccessResponsesHeadersAreATypedStruct() throws {
        let output = try Self.generate()
        #expect(output.succeeded, "\(output.diagnostics)")
        let client = output.client
        #expect(
            client.contains("public struct StampedResponseHeaders: Hashable, Sendable, _DeclaredResponseHeaders {"),
            "\(client)")
        #expect(client.contains("    /// Calls left\n    public var xRateLimit: Int?"))
        #expect(client.contains("    /// Server stamp\n    public var xStamp: String?"))
        #expect(client.contains("    public var xModes: [Mode]?"))
        #expect(!client.contains("contentType"), "Content-Type is ignored, as OpenAPI says")
        #expect(!client.contains("retryAfter"), "only the success response's headers")
        #expect(
            client.contains(
                #"self.xRateLimit = fields.decode(Int.self, field: "X-Rate-Limit", dates: DateCoding.iso8601)"#))
        #expect(output.types.contains("enum Mode"), "a type used only by a header is kept")
    }

    @Test func everyKindOfResponseGetsAResponseFormWithTheTypedHeaders() throws {
        let client = try Self.generate().client
        #expect(
            client.contains(") async throws -> ResponseWithHeaders<StampedResponse, StampedResponseHeaders> {"),
            "\(client)")
        // Each form is one runtime call (cheaper to compile than a body that unpacks and repacks
        // the response): no `ResponseWithHeaders` built in generated code, and the cache form's
        // value is sent directly, not read through the typed form's dynamic member.
        #expect(
            client.contains(
                """
                        try await self.client.response(
                            StampedEndpoint.stamped,
                            as: StampedResponse.self,
                            headers: StampedResponseHeaders.self,
                            cache: cache
                        )
                """), "\(client)")
        #expect(!client.contains("ResponseWithHeaders("), "\(client)")
        #expect(!client.contains("cache: cache).value"), "\(client)")
        #expect(
            client.contains(
                "try await self.client.send(StampedEndpoint.stamped, as: StampedResponse.self, cache: cache)"),
            "\(client)")
        #expect(
            client.contains(
                """
                    public func createThingResponse() async throws -> ResponseWithHeaders<
                        Void,
                        CreateThingResponseHeaders
                    > {
                """), "\(client)")
        #expect(
            client.contains(
                """
                        try await self.client.response(
                            ThingsEndpoint.createThing,
                            headers: CreateThingResponseHeaders.self
                        )
                """), "\(client)")
        #expect(client.contains(") async throws -> ResponseWithHeaders<Data, BlobResponseHeaders> {"))
        #expect(
            client.contains("public func blobResponse(\n        cache: String? = nil\n    )"),
            "a parameter named cache: no cache forms")
        #expect(client.contains("try await self.client.dataResponse("), "\(client)")
        #expect(client.contains("headers: BlobResponseHeaders.self"), "\(client)")
    }

    @Test func aRepeatedHeaderSetIsOneStructAndAliases() throws {
        let client = try Self.generate().client
        #expect(
            client.contains("public struct CreateThingResponseHeaders: Hashable, Sendable, _DeclaredResponseHeaders {"))
        #expect(client.contains("public typealias DeleteThingResponseHeaders = CreateThingResponseHeaders"))
        #expect(!client.contains("struct DeleteThingResponseHeaders"))
    }

    @Test func onlyHeadersOfOtherResponsesAreReported() throws {
        let output = try Self.generate()
        let headerWarnings = output.diagnostics.filter { $0.contains("response header") }
        #expect(headerWarnings.count == 1, "\(headerWarnings)")
        #expect(headerWarnings.first?.contains("'Retry-After' of response '429'") == true)
        #expect(output.summary?.skipped[.responseHeader] == 1)
    }
}
