import Foundation
import SpecwrightCore
import Testing

/// Issue #19 item 5 for binary responses and downloads, both front ends: `download: true` in the
/// spec format and non-JSON success responses of OpenAPI documents generate a method returning
/// `Data` and one streaming the body into a file; the operation's media types are its `Accept`.
@Suite("Generation: binary responses and downloads")
struct DownloadGenerationTests {
    static let downloadSignature =
        "func original(mediaId: UUID, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> URL"

    /// `text` without whitespace: signatures compare whether or not they were wrapped.
    static func compact(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    @Test(arguments: ["", "      response: Data\n"])
    func aSpecDownloadGetsADataMethodAndAFileMethod(response: String) throws {
        let (endpoints, client) = try GenerationSnippetTests.endpoints(
            "  media:\n    original:\n      get: /media/{mediaId}/original\n      path: { mediaId: UUID }\n" + response
                + "      download: true\n      timeout: 600\n")
        #expect(client.contains("func original(mediaId: UUID) async throws -> Data\n"), "\(client)")
        #expect(Self.compact(client).contains(Self.compact(Self.downloadSignature)), "\(client)")
        #expect(
            Self.compact(client).contains(
                Self.compact(
                    "try await self.client.download(MediaEndpoint.original(mediaId: mediaId), to: destination, progress: progress).value"
                )))
        #expect(endpoints.contains("EndpointOptions(timeout: 600, accept: \"*/*\")"), "\(endpoints)")
    }

    @Test func aParameterNamedLikeTheFileArgumentsKeepsItsName() throws {
        let (_, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    get:\n      get: /f\n      query: { destination: String, progress: Int }\n      download: true\n"
        )
        #expect(
            Self.compact(client).contains(
                Self.compact(
                    "progress: Int, to destination2: URL, progress progress2: (@Sendable (TransferProgress) -> Void)?")),
            "\(client)")
        #expect(Self.compact(client).contains(Self.compact("to: destination2, progress: progress2")), "\(client)")
    }

    @Test func aDataResponseWithoutDownloadHasNoFileMethodButAsksForAnyType() throws {
        let (endpoints, client) = try GenerationSnippetTests.endpoints(
            "  files:\n    raw:\n      get: /f/raw\n      response: Data\n")
        #expect(!client.contains("to destination"))
        #expect(endpoints.contains("EndpointOptions(accept: \"*/*\")"), "\(endpoints)")
    }

    @Test(arguments: [
        (
            "      get: /x\n      response: Chunk\n      download: true\n",
            "the response must be 'Data' or left out, not 'Chunk'"
        ),
        (
            "      get: /x\n      response: Chunk\n      stream: sse\n      download: true\n",
            "a download cannot be a stream"
        ),
        ("      head: /x\n      download: true\n", "a HEAD response has no body to download"),
        ("      get: /x\n      download: yes please\n", "'download'")
    ])
    func aMisusedDownloadKeyIsALocatedError(endpoint: String, message: String) throws {
        try StreamGenerationTests.expectDiagnostic("error:", message, endpoint: endpoint)
    }

    @Test func aCacheSettingOnADownloadOnlyWarns() throws {
        let result = try StreamGenerationTests.expectDiagnostic(
            "warning:", "downloads are never cached",
            endpoint: "      get: /x\n      download: true\n      cache: { policy: cacheFirst, ttl: 60 }\n")
        #expect(result.files["Client.swift"] != nil)
    }

    @Test(arguments: [
        (
            "            application/octet-stream:\n              schema: { type: string, format: binary }",
            "application/octet-stream"
        ),
        ("            image/png: {}\n            image/jpeg: {}", "image/png, image/jpeg"),
        ("            '*/*':\n              schema: { type: string, format: binary }", "*/*"),
        (
            "            application/pdf; version=1.7: {}\n            'not a media type': {}",
            "application/pdf; version=1.7"
        )
    ])
    func openAPIBinaryResponsesGetBothMethodsAndTheirMediaTypesAsAccept(content: String, accept: String) throws {
        let output = try OpenAPISupport.generate(StreamGenerationTests.openAPI(content))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(output.client.contains("func watch() async throws -> Data\n"), "\(output.client)")
        #expect(
            Self.compact(output.client).contains(
                Self.compact(
                    "func watch(to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> URL"
                )), "\(output.client)")
        #expect(output.endpoints.contains("EndpointOptions(accept: \"\(accept)\")"), "\(output.endpoints)")
    }

    @Test(
        arguments: [
            (
                "            application/jsonlines:\n              schema: { $ref: '#/components/schemas/Chunk' }",
                "application/jsonlines"
            ),
            (
                "            text/event-stream; charset=utf-8:\n              schema: { type: string }",
                "text/event-stream; charset=utf-8"
            ),
            ("            application/x-ndjson:\n              schema: { $ref: '#/components/schemas/Chunk' }", nil),
            ("            text/event-stream:\n              schema: { type: string }", nil)
        ] as [(String, String?)])
    func openAPIStreamsAskForTheirMediaTypeUnlessTheRuntimeDoesAnyway(content: String, accept: String?) throws {
        let output = try OpenAPISupport.generate(StreamGenerationTests.openAPI(content))
        if let accept {
            #expect(output.endpoints.contains("EndpointOptions(accept: \"\(accept)\")"), "\(output.endpoints)")
        } else {
            #expect(!output.endpoints.contains("accept:"), "\(output.endpoints)")
        }
        #expect(!output.client.contains("to destination"))
    }

    @Test func openAPIJSONResponsesKeepTheServicesAccept() throws {
        let output = try OpenAPISupport.generate(
            StreamGenerationTests.openAPI(
                "            application/json:\n              schema: { $ref: '#/components/schemas/Chunk' }\n            image/png: {}"
            ))
        #expect(!output.endpoints.contains("accept:"), "\(output.endpoints)")
        #expect(!output.client.contains("to destination"))
    }
}
