import Foundation
import SpecwrightCore
import Testing

/// Issue #19 items 2 and 5, generator side: an operation whose request body is bytes, a file or a
/// multipart form gets an upload method with progress (both front ends); the spec format declares
/// a file body (`body: FilePart`) and the media types of binary bodies and responses.
@Suite("Generation: uploads with progress, binary media types")
struct UploadGenerationTests {
    static let compact = DownloadGenerationTests.compact

    static let types = "  Receipt:\n    properties:\n      bytes: Int\n"

    @Test func aSpecFileBodyGetsAnUploadMethodWithProgressNextToItsOwn() throws {
        let (endpoints, client) = try GenerationSnippetTests.endpoints(
            """
              media:
                upload:
                  put: /media/{id}
                  path: { id: UUID }
                  body: { type: FilePart, contentType: image/png, description: The picture. }
                  response: Receipt

            """, types: Self.types)
        #expect(client.contains("func upload(id: UUID, body: FilePart) async throws -> Receipt\n"), "\(client)")
        #expect(
            Self.compact(client).contains(
                Self.compact(
                    "func upload(id: UUID, body: FilePart, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> Receipt"
                )), "\(client)")
        #expect(
            Self.compact(client).contains(
                Self.compact(
                    "try await self.client.upload(MediaEndpoint.upload(id: id, body: body), as: Receipt.self, progress: progress).value"
                )), "\(client)")
        #expect(client.contains("- Parameter body: The picture."))
        #expect(endpoints.contains(#"return .file(body.withDefaultContentType("image/png"))"#), "\(endpoints)")
    }

    @Test(arguments: [
        (
            "body: Data", "", "async throws\n", "_ = try await self.client.upload(",
            #".data(body, contentType: "application/octet-stream")"#
        ),
        (
            "body: { type: Data, contentType: text/csv }", "response: Data", "async throws -> Data\n",
            "try await self.client.upload(", #".data(body, contentType: "text/csv")"#
        ),
        (
            "multipart: { title: String, scan: FilePart }", "", "async throws\n", "_ = try await self.client.upload(",
            "MultipartPart(name: \"scan\", file: scan)"
        )
    ])
    func everyKindOfUploadBodyGetsAProgressMethod(
        body: String, response: String, returns: String, call: String, encoded: String
    ) throws {
        let (endpoints, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    send:\n      post: /files\n      \(body)\n" + (response.isEmpty ? "" : "      \(response)\n")
        )
        #expect(client.contains("progress: @escaping @Sendable (TransferProgress) -> Void"), "\(client)")
        #expect(client.contains(call), "\(client)")
        #expect(client.contains(returns))
        #expect(endpoints.contains(encoded), "\(endpoints)")
    }

    @Test(arguments: [
        "      get: /f\n      response: Receipt\n", "      post: /f\n      body: Receipt\n      response: Receipt\n",
        "      get: /f\n      response: Receipt\n      stream: sse\n"
    ])
    func jsonBodiesAndStreamsGetNoUploadMethod(endpoint: String) throws {
        let (_, client) = try GenerationSnippetTests.endpoints("  files:\n    send:\n" + endpoint, types: Self.types)
        #expect(!client.contains("TransferProgress) -> Void\n"), "\(client)")
        #expect(!client.contains("self.client.upload("))
    }

    @Test func theTransferFormsHaveOverloadsWithTheSpecsDefaultArguments() throws {
        let (_, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    send:\n      put: /f\n      query: { note: String? }\n      body: FilePart\n"
                + "      response: Data\n      download: true\n")
        for form in [
            "progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> Data",
            "to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> URL"
        ] {
            #expect(
                Self.compact(client).contains(
                    Self.compact(
                        "func send(body: FilePart, note: String? = nil, _: DefaultArguments = .init(), " + form)),
                "\(client)")
        }
        #expect(
            Self.compact(client).contains(
                Self.compact("try await self.send(body: body, note: note, progress: progress)")))
        #expect(client.contains("``FilesAPI/send(body:note:to:progress:)`` with the spec's default arguments."))
    }

    @Test func aParameterNamedProgressKeepsItsName() throws {
        let (_, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    send:\n      post: /f\n      query: { progress: Int }\n      body: FilePart\n")
        #expect(
            Self.compact(client).contains(
                Self.compact("progress: Int, progress progress2: @escaping @Sendable (TransferProgress) -> Void")),
            "\(client)")
        #expect(Self.compact(client).contains(Self.compact("progress: progress2)")), "\(client)")
    }

    @Test(arguments: [
        ("response: { type: Data, contentType: application/pdf }", "application/pdf"),
        ("response: { type: Data, contentType: [image/png, image/jpeg] }", "image/png, image/jpeg"),
        ("response: { type: Data, contentType: 'image/*' }", "image/*"),
        ("response: Data", "*/*")
    ])
    func aSpecBinaryResponseAsksForItsDeclaredMediaTypes(response: String, accept: String) throws {
        let (endpoints, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    get:\n      get: /f\n      \(response)\n      download: true\n")
        #expect(endpoints.contains("EndpointOptions(accept: \"\(accept)\")"), "\(endpoints)")
        #expect(client.contains("to destination: URL"))
    }

    @Test(arguments: [
        (
            "      post: /x\n      body: { type: Chunk, contentType: image/png }\n",
            "14:41: error: 'contentType' is the media type of a binary body ('Data' or 'FilePart') or of text ('String' with a text media type such as 'text/plain'); a 'Chunk' body is sent as JSON"
        ),
        (
            "      get: /x\n      response: { type: Chunk, contentType: image/png }\n",
            "14:45: error: 'contentType' is the media type of a binary response ('Data')"
        ),
        (
            "      get: /x\n      response: { type: Data, contentType: application/json }\n",
            "14:44: error: 'application/json' is decoded, not raw bytes"
        ),
        (
            "      get: /x\n      response: { type: Data, contentType: [image/png, not a type] }\n",
            "14:56: error: 'contentType' must be one media type"
        ),
        ("      post: /x\n      body: { contentType: image/png }\n", "error: missing required key 'type' in 'body'"),
        ("      post: /x\n      body: { type: Data, accept: image/png }\n", "error: unknown key 'accept' in 'body'"),
        ("      post: /x\n      body: \"FilePart?\"\n", "14:13: error: a file body is one 'FilePart', not 'FilePart?'"),
        ("      post: /x\n      body: \"[FilePart]\"\n", "error: a file body is one 'FilePart', not '[FilePart]'")
    ])
    func aMisdeclaredBinaryBodyOrResponseIsALocatedError(endpoint: String, message: String) throws {
        try StreamGenerationTests.expectDiagnostic("error:", message, endpoint: endpoint)
    }

    @Test(arguments: [
        ("application/octet-stream", "application/octet-stream"), ("image/png", "image/png"),
        ("application/pdf", "application/pdf"), ("'*/*'", "application/octet-stream")
    ])
    func openAPIBinaryBodiesAreFilesWithAnUploadMethod(mediaType: String, contentType: String) throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /files:
                        post:
                          operationId: send
                          requestBody:
                            content:
                              \(mediaType): { schema: { type: string, format: binary } }
                          responses:
                            '201':
                              description: ok
                              content:
                                image/png: { schema: { type: string, format: binary } }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("func send(body: FilePart) async throws -> Data\n"), "\(output.client)")
        #expect(
            Self.compact(output.client).contains(
                Self.compact(
                    "func send(body: FilePart, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> Data"
                )), "\(output.client)")
        #expect(
            output.endpoints.contains("return .file(body.withDefaultContentType(\"\(contentType)\"))"),
            "\(output.endpoints)")
        #expect(output.endpoints.contains("EndpointOptions(accept: \"image/png\")"), "\(output.endpoints)")
    }
}
