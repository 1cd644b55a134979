import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// The calls a generated `nameResponse(…)` makes (one per method): every body kind returns the
/// response with its declared headers read typed, and a failing call still throws.
@Suite("APIClient calls with declared response headers")
struct ResponseHeaderCallTests {
    /// What a generated `…ResponseHeaders` struct looks like.
    struct StampHeaders: Hashable, Sendable, _DeclaredResponseHeaders {
        var xRateLimit: Int?
        var eTag: String?

        init(xRateLimit: Int? = nil, eTag: String? = nil) {
            self.xRateLimit = xRateLimit
            self.eTag = eTag
        }

        init(_ fields: HTTPFields) {
            self.xRateLimit = fields.decode(Int.self, field: "X-Rate-Limit", dates: DateCoding.iso8601)
            self.eTag = fields.decode(String.self, field: "ETag", dates: DateCoding.iso8601)
        }
    }

    static func client(status: Int = 200, body: String) throws -> APIClient {
        let stub = StubTransport { _ in
            HTTPResponse(
                status: status,
                headers: ["Content-Type": "application/json", "X-Rate-Limit": "41", "ETag": "\"v1\""],
                body: Data(body.utf8))
        }
        return APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
    }

    @Test func everyBodyKindComesWithItsTypedHeaders() async throws {
        let client = try Self.client(body: #"{"attempt":3}"#)
        let expected = StampHeaders(xRateLimit: 41, eTag: "\"v1\"")

        let decoded = try await client.response(TestEndpoint(["x"]), as: AttemptBody.self, headers: StampHeaders.self)
        #expect(decoded.value == AttemptBody(attempt: 3))
        #expect(decoded.status == 200)
        #expect(decoded.typedHeaders == expected)
        #expect(decoded.headers["x-rate-limit"] == "41")

        let cached = try await client.response(
            TestEndpoint(["x"]), as: AttemptBody.self, headers: StampHeaders.self, cache: .reload)
        #expect(cached.value == AttemptBody(attempt: 3))
        #expect(cached.typedHeaders == expected)

        let data = try await client.dataResponse(TestEndpoint(["x"]), headers: StampHeaders.self)
        #expect(data.value == Data(#"{"attempt":3}"#.utf8))
        #expect(data.typedHeaders == expected)

        let text = try await client.textResponse(TestEndpoint(["x"]), headers: StampHeaders.self)
        #expect(text.value == #"{"attempt":3}"#)
        #expect(text.typedHeaders == expected)

        let empty = try await client.response(TestEndpoint(["x"], method: .delete), headers: StampHeaders.self)
        #expect(empty.status == 200)
        #expect(empty.typedHeaders == expected)
    }

    @Test func aFailedCallThrowsInsteadOfReturningHeaders() async throws {
        let client = try Self.client(status: 404, body: "{}")
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.response(TestEndpoint(["x"]), as: AttemptBody.self, headers: StampHeaders.self)
        }
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.response(TestEndpoint(["x"]), headers: StampHeaders.self)
        }
    }
}
