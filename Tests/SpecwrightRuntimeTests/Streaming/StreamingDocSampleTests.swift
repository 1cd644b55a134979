// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

/// The streaming samples of docs/runtime.md ("Streamed responses"), verbatim: compiled here, run
/// against a stub, and the test checks the document still shows exactly these lines.
enum StreamingDocSample {
    struct Token: Decodable, Sendable { var text: String }

    static func run(client: APIClient, chat: some Endpoint, export: some Endpoint) async throws -> [String] {
        var text: [String] = []
        for try await token in try await client.events(chat, as: Token.self) {     // text/event-stream
            text.append(token.text)                                                 // ends at `data: [DONE]`
            if text.count == 100 { break }                                          // leaving early cancels the request
        }
        for try await row in try await client.jsonLines(export, as: Token.self) {   // application/x-ndjson
            text.append(row.text)
        }
        for try await chunk in try await client.stream(export).value {              // raw chunks as they arrive
            text.append("\(chunk.count) bytes")
        }
        return text
    }

    static let stub = StubTransport.streaming { request in                          // streaming code, offline
        let body = request.url.path.hasSuffix("chat") ? "data: {\"text\":\"Hi\"}\n\ndata: [DONE]\n\n" : "{\"text\":\"row\"}\n"
        return HTTPStreamedResponse(status: 200, body: HTTPBody(chunks: [Data(body.utf8)]))
    }
}

@Suite struct StreamingDocSampleTests {
    @Test func theDocumentShowsTheCompiledSampleAndItRuns() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sampleLines = source.components(separatedBy: "\n").drop { !$0.contains("var text: [String] = []") }.prefix(12)
        #expect(sampleLines.count == 12)
        for line in sampleLines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        let client = APIClient(
            service: ServiceDescription(name: "Docs", baseURL: URL(string: "https://api.example")!),
            configuration: ClientConfiguration(transport: StreamingDocSample.stub, logging: .disabled))
        let text = try await StreamingDocSample.run(client: client, chat: TestEndpoint(["chat"]), export: TestEndpoint(["export"]))
        #expect(text == ["Hi", "row", "15 bytes"])
    }
}
