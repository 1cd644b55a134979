import Foundation
import SpecwrightCore
import Testing

/// Issue #19 item 5 for streamed responses, both front ends: `stream: sse | jsonl` in the spec
/// format, and `text/event-stream` / `application/jsonl` / `application/x-ndjson` responses in
/// OpenAPI documents, generate methods returning the runtime's typed sequences.
@Suite("Generation: streamed responses")
struct StreamGenerationTests {
    static let types = "  Chunk:\n    properties:\n      text: String\n"

    @Test func specStreamsGenerateTypedSequenceMethods() throws {
        let (_, client) = try GenerationSnippetTests.endpoints(
            "  chat:\n    complete:\n      post: /complete\n      body: Chunk\n      response: Chunk\n      stream: sse\n"
                + "    export:\n      get: /export\n      response: Chunk\n      stream: jsonl\n"
                + "    log:\n      get: /log\n      response: String\n      stream: sse\n",
            types: Self.types)
        #expect(
            client.contains("func complete(body: Chunk) async throws -> ServerSentEventStream<Chunk>\n"), "\(client)")
        #expect(client.contains("try await self.client.events(ChatEndpoint.complete(body: body), as: Chunk.self)"))
        #expect(client.contains("func export() async throws -> JSONLinesStream<Chunk>\n"))
        #expect(client.contains("try await self.client.jsonLines(ChatEndpoint.export, as: Chunk.self)"))
        #expect(client.contains("func log() async throws -> ServerSentEventStream<String>\n"))
    }

    @Test(arguments: [
        ("      get: /x\n      stream: sse\n", "'stream: sse' needs a 'response'"),
        ("      get: /x\n      response: Data\n      stream: jsonl\n", "'Data' cannot be one"),
        (
            "      get: /x\n      query: { ids: \"[Int]\" }\n      response: \"[Chunk]\"\n      stream: jsonl\n      batch: { parameter: ids, size: 5 }\n",
            "cannot be split into batches"
        ),
        (
            "      get: /x\n      response: Chunk\n      stream: websocket\n",
            "invalid value 'websocket' for 'stream' (expected sse or jsonl)"
        )
    ])
    func aMisusedStreamKeyIsALocatedError(endpoint: String, message: String) throws {
        try Self.expectDiagnostic("error:", message, endpoint: endpoint)
    }

    @Test func aCacheSettingOnAStreamOnlyWarns() throws {
        let result = try Self.expectDiagnostic(
            "warning:", "never cached",
            endpoint:
                "      get: /x\n      response: Chunk\n      stream: sse\n      cache: { policy: cacheFirst, ttl: 60 }\n"
        )
        #expect(result.files["Client.swift"] != nil)
    }

    /// Generates a spec whose one endpoint has the keys `endpoint`, and expects a located `kind`
    /// diagnostic (`error:`, `warning:`) containing `message`.
    @discardableResult
    static func expectDiagnostic(_ kind: String, _ message: String, endpoint: String) throws -> (
        files: [String: String], diagnostics: [String]
    ) {
        let result = try GenerationSupport.generate(
            GenerationSupport.spec(types: Self.types, endpoints: "  a:\n    one:\n" + endpoint))
        #expect(result.diagnostics.contains { $0.contains(kind) && $0.contains(message) }, "\(result.diagnostics)")
        #expect(result.diagnostics.allSatisfy { $0.hasPrefix("snippet.yaml:") })
        return result
    }

    static func openAPI(_ content: String) -> String {
        OpenAPISupport.document(
            paths: """
                  /events:
                    get:
                      operationId: watch
                      responses:
                        '200':
                          description: ok
                          content:
                \(content)
                """,
            schemas:
                "    Chunk:\n      type: object\n      required: [text]\n      properties:\n        text: { type: string }\n"
        )
    }

    @Test(arguments: [
        (
            "            text/event-stream:\n              schema: { $ref: '#/components/schemas/Chunk' }",
            "ServerSentEventStream<Chunk>", "events"
        ),
        (
            "            text/event-stream:\n              itemSchema: { $ref: '#/components/schemas/Chunk' }",
            "ServerSentEventStream<Chunk>", "events"
        ),
        (
            "            text/event-stream:\n              schema: { type: string }", "ServerSentEventStream<String>",
            "events"
        ),
        ("            text/event-stream: {}", "ServerSentEventStream<String>", "events"),
        (
            "            application/x-ndjson:\n              schema: { $ref: '#/components/schemas/Chunk' }",
            "JSONLinesStream<Chunk>", "jsonLines"
        ),
        (
            "            application/jsonl:\n              schema: { type: array, items: { $ref: '#/components/schemas/Chunk' } }",
            "JSONLinesStream<Chunk>", "jsonLines"
        ),
        (
            "            application/json; charset=utf-8:\n              schema: { $ref: '#/components/schemas/Chunk' }\n            text/event-stream:\n              schema: { type: string }",
            "-> Chunk", "send"
        )
    ])
    func openAPIStreamedResponsesBecomeTypedSequences(content: String, returns: String, method: String) throws {
        let output = try OpenAPISupport.generate(Self.openAPI(content))
        #expect(output.succeeded, "\(output.diagnostics)")
        #expect(
            output.client.contains(
                "func watch() async throws " + (returns.hasPrefix("->") ? returns : "-> " + returns)),
            "\(output.client)")
        #expect(
            output.client.contains("try await self.client.\(method)(WatchEndpoint.watch")
                || output.client.contains("self.client.\(method)("), "\(output.client)")
    }
}
