import Foundation
import SpecwrightCore
import Testing

/// A text body (`text/*`, XML, YAML) whose schema is `type: string` is a `String`, read with the
/// response's charset and written as UTF-8, not `Data`; bytes (`format: binary`, a media type that
/// is not text, a response that may also come as bytes) stay `Data`.
@Suite struct OpenAPITextBodyTests {
    private static func operation(_ content: String, request: String? = nil) -> String {
        var text = """
              /report:
                post:
                  operationId: makeReport

            """
        if let request {
            text += """
                      requestBody:
                        required: true
                        content:
                          \(request)

                """
        }
        text += """
                  responses:
                    '200':
                      description: ok
                      content:
                        \(content)
            """
        return text
    }

    private static func client(_ content: String, request: String? = nil) throws -> OpenAPISupport.Output {
        let output = try OpenAPISupport.generate(OpenAPISupport.document(paths: operation(content, request: request)))
        #expect(output.succeeded, "\(output.diagnostics)")
        return output
    }

    @Test(
        "text/* and XML responses with a string schema return String through sendText, asking for their media type",
        arguments: [
            "text/plain: { schema: { type: string } }", "text/csv: { schema: { type: string } }",
            "text/html; charset=utf-8: { schema: { type: string } }",
            "application/xml: { schema: { type: string } }", "application/atom+xml: { schema: { type: string } }"
        ])
    func textResponses(content: String) throws {
        let output = try Self.client(content)
        #expect(output.client.contains("func makeReport() async throws -> String"))
        #expect(output.client.contains("try await self.client.sendText(ReportEndpoint.makeReport)"))
        #expect(!output.client.contains("to destination: URL"))
        let mediaType = String(content.prefix { $0 != ":" })
        #expect(output.endpoints.contains("accept: \"\(mediaType)\""), "\(output.endpoints)")
    }

    @Test(
        "bytes stay Data: a binary string, no schema, or a response that may also be bytes",
        arguments: [
            "text/plain: { schema: { type: string, format: binary } }", "text/plain: {}",
            "{ text/plain: { schema: { type: string } }, application/pdf: { schema: { type: string, format: binary } } }",
            "image/png: { schema: { type: string } }"
        ])
    func bytesStayData(content: String) throws {
        let output = try Self.client(content)
        #expect(output.client.contains("func makeReport() async throws -> Data"))
    }

    @Test("a text request body with a string schema is a String sent through TextBody, with an upload form")
    func textRequestBody() throws {
        let output = try Self.client(
            "text/plain: { schema: { type: string } }", request: "text/csv: { schema: { type: string } }")
        #expect(output.client.contains("func makeReport(body: String) async throws -> String"))
        #expect(output.endpoints.contains(#"return TextBody.requestBody(body, contentType: "text/csv")"#))
        #expect(output.client.contains("try await self.client.uploadText("))
        let xml = try Self.client("text/plain: {}", request: "application/xml: { schema: { type: string } }")
        #expect(xml.client.contains("func makeReport(body: String) async throws -> Data"))
        #expect(!xml.diagnostics.contains { $0.contains("XML is not encoded") }, "\(xml.diagnostics)")
        let bytes = try Self.client("text/plain: {}", request: "text/plain: {}")
        #expect(bytes.client.contains("func makeReport(body: Data) async throws -> Data"))
    }

    @Test("text error bodies are typed as String like success bodies; bytes and JSON keep their kinds")
    func textErrorBodies() throws {
        let output = try OpenAPISupport.generate(
            OpenAPISupport.document(
                paths: """
                      /report:
                        get:
                          operationId: makeReport
                          responses:
                            '200': { description: ok, content: { application/json: { schema: { type: integer } } } }
                            '400': { description: bad, content: { text/plain: { schema: { type: string } } } }
                            '404': { description: gone, content: { 'text/html; charset=utf-8': { schema: { type: string } } } }
                            '409': { description: raw, content: { text/plain: { schema: { type: string, format: binary } } } }
                            '422': { description: mixed, content: { text/plain: { schema: { type: string } }, image/png: {} } }
                            '429': { description: json, content: { application/json: { schema: { type: string } } } }
                            default: { description: other, content: { text/plain: { schema: { type: string } } } }
                    """))
        #expect(output.succeeded, "\(output.diagnostics)")
        let endpoints = output.endpoints.filter { !$0.isWhitespace }
        #expect(
            endpoints.contains(
                "[.text(status:400),.text(status:404),.json(String.self,status:429),.text(status:nil)]"),
            "\(output.endpoints)")
    }
}
