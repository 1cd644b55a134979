import Foundation
import SpecwrightRuntime
import Testing

/// Text responses are read with the charset their `Content-Type` names (UTF-8 when none); bytes
/// that are not text in it, or a charset the runtime does not know, are a typed `decoding` error,
/// never a trap. Text request bodies are written as UTF-8 unless the declared type names another
/// charset that holds the text.
@Suite struct TextBodyTests {
    private func client(body: Data, contentType: String?) -> (APIClient, StubTransport) {
        let stub = StubTransport { _ in
            HTTPResponse(status: 200, headers: contentType.map { ["Content-Type": $0] } ?? [:], body: body)
        }
        let service = TestSupport.service(URL(string: "https://api.example.com")!, retry: RetryPolicy.none)
        return (
            APIClient(service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled)), stub
        )
    }

    @Test(arguments: [
        ("text/plain", Data("Grüße".utf8)),
        ("text/plain; charset=utf-8", Data([0xEF, 0xBB, 0xBF]) + Data("Grüße".utf8)),
        ("text/csv; charset=\"ISO-8859-1\"", Data([0x47, 0x72, 0xFC, 0xDF, 0x65])),
        ("text/html;charset=windows-1252", Data([0x47, 0x72, 0xFC, 0xDF, 0x65])),
        ("application/xml; charset=UTF-16LE", "Grüße".data(using: .utf16LittleEndian)!)
    ])
    func aTextResponseIsReadWithItsCharset(contentType: String, body: Data) async throws {
        let (client, _) = client(body: body, contentType: contentType)
        #expect(try await client.sendText(TestEndpoint(["text"])) == "Grüße")
    }

    @Test func noContentTypeMeansUTF8() async throws {
        let (client, _) = client(body: Data("naïve".utf8), contentType: nil)
        #expect(try await client.textResponse(TestEndpoint(["text"])).value == "naïve")
    }

    @Test(arguments: [
        ("text/plain", Data([0x66, 0xFF, 0xFE, 0x6F])),
        ("text/plain; charset=klingon", Data("qapla".utf8))
    ])
    func undecodableTextIsATypedDecodingError(contentType: String, body: Data) async throws {
        let (client, _) = client(body: body, contentType: contentType)
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.sendText(TestEndpoint(["text"]))
        }
        guard case .decoding = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(error?.operationName == "test.call")
    }

    @Test func aTextRequestBodyIsUTF8UnlessItsTypeNamesAnotherCharset() throws {
        guard case .data(let utf8, let plain) = TextBody.requestBody("Grüße", contentType: "text/plain") else {
            Issue.record("expected bytes")
            return
        }
        #expect(utf8 == Data("Grüße".utf8) && plain == "text/plain; charset=utf-8")
        guard
            case .data(let latin1, let declared) = TextBody.requestBody(
                "Grüße", contentType: "text/csv; charset=iso-8859-1")
        else {
            Issue.record("expected bytes")
            return
        }
        #expect(latin1 == Data([0x47, 0x72, 0xFC, 0xDF, 0x65]) && declared == "text/csv; charset=iso-8859-1")
        // Text the declared charset cannot hold goes as UTF-8, saying so.
        guard
            case .data(let fallback, let replaced) = TextBody.requestBody(
                "€ 5", contentType: "text/plain; charset=us-ascii")
        else {
            Issue.record("expected bytes")
            return
        }
        #expect(fallback == Data("€ 5".utf8) && replaced == "text/plain; charset=utf-8")
    }
}
