import Foundation
import SpecwrightRuntime
import Testing

@Suite("Request building")
struct RequestBuildingTests {
    private struct Payload: Codable, Sendable {
        var when: Date
    }

    private func firstRequest(
        _ endpoint: TestEndpoint, baseURL: String = "https://api.example.com/v1/", dates: DateCoding = .iso8601,
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) async throws -> HTTPRequest {
        let stub = StubTransport(json: Data("{}".utf8))
        var configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        configure(&configuration)
        let service = TestSupport.service(try #require(URL(string: baseURL)), dates: dates)
        try await APIClient(service: service, configuration: configuration).send(endpoint)
        return try #require(stub.requests.first)
    }

    @Test func pathSegmentsAreEncodedSoValuesCannotChangeThePathStructure() async throws {
        let request = try await firstRequest(TestEndpoint(["books", "a/b c?d#e%f", "é✓", "reviews"]))
        #expect(
            request.url.absoluteString
                == "https://api.example.com/v1/books/a%2Fb%20c%3Fd%23e%25f/%C3%A9%E2%9C%93/reviews")
        #expect(request.url.query == nil)
        #expect(request.url.fragment == nil)
    }

    @Test func aTrailingSlashIsKeptAlsoWithAPerCallCachePolicy() async throws {
        var endpoint = TestEndpoint(["api", "catalog"])
        endpoint.hasTrailingSlash = true
        let request = try await firstRequest(endpoint)
        #expect(request.url.absoluteString == "https://api.example.com/v1/api/catalog/")
        #expect(try await firstRequest(TestEndpoint(["api", "catalog"])).url.path == "/v1/api/catalog")

        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        _ = try await APIClient(service: service, configuration: configuration).sendData(endpoint, cache: .reload)
        #expect(stub.requests.first?.url.absoluteString == "https://api.example.com/api/catalog/")
    }

    @Test(arguments: ["", ".", ".."])
    func emptyAndDotSegmentsAreAnInvalidRequestNotACrash(segment: String) async throws {
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await firstRequest(TestEndpoint(["books", segment]))
        }
        guard case .invalidRequest = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(error?.operationName == "test.call")
    }

    @Test func queryOmitsNilRepeatsArraysAndRendersBoolsDatesAndUUIDs() async throws {
        var query = QueryParameters()
        query.append("q", "a&b=c d+e" as String?)
        query.append("missing", nil as Int?)
        query.append("tag", ["x", "y"])
        query.append("flag", true)
        query.append("since", Date(timeIntervalSince1970: 0))
        query.append("at", Date(timeIntervalSince1970: 1.5))
        query.append("id", UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        query.append("ratio", 0.25)
        let request = try await firstRequest(TestEndpoint(["search"], query: query))
        #expect(
            request.url.query
                == "q=a%26b%3Dc%20d%2Be&tag=x&tag=y&flag=true&since=1970-01-01T00%3A00%3A00Z&at=1970-01-01T00%3A00%3A01.500Z&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&ratio=0.25"
        )
    }

    /// OpenAPI's `allowReserved`: RFC 6570 reserved expansion as far as a query can hold it.
    @Test func queryItemsAllowingReservedKeepTheReservedCharactersAQueryMayHold() async throws {
        var query = QueryParameters()
        query.append("path", "/a/b:c?d=e&f+g@h!$'()*,;" as String?, allowingReserved: true)
        query.append("triple", "%2F%zz%4" as String?, allowingReserved: true)
        query.append("unsafe", "a b#c[d]é" as String?, allowingReserved: true)
        query.append("fields", ["x/y", "z:w"], joinedBy: ",", allowingReserved: true)
        query.append("each", ["p/q", "r"], allowingReserved: true)
        query.append("plain", "/a:b" as String?)
        let request = try await firstRequest(TestEndpoint(["search"], query: query))
        #expect(
            request.url.query
                == "path=/a/b:c?d=e&f+g@h!$'()*,;&triple=%2F%25zz%254&unsafe=a%20b%23c%5Bd%5D%C3%A9"
                + "&fields=x/y,z:w&each=p/q&each=r&plain=%2Fa%3Ab"
        )
        #expect(query.items.first?.allowsReserved == true && query.items.last?.allowsReserved == false)
    }

    @Test func queryDatesFollowTheServiceDateCoding() async throws {
        var query = QueryParameters()
        query.append("since", Date(timeIntervalSince1970: 1_700_000_000))
        let seconds = try await firstRequest(TestEndpoint(["x"], query: query), dates: .secondsSince1970)
        let millis = try await firstRequest(TestEndpoint(["x"], query: query), dates: .millisecondsSince1970)
        #expect(seconds.url.query == "since=1700000000")
        #expect(millis.url.query == "since=1700000000000")
    }

    @Test func nonFiniteQueryNumbersAreAnInvalidRequest() async throws {
        var query = QueryParameters()
        query.append("x", Double.nan)
        await #expect(throws: SpecwrightError.self) { _ = try await firstRequest(TestEndpoint(["x"], query: query)) }
    }

    @Test func jsonBodiesUseTheServiceDateCodingAndSetContentType() async throws {
        let body = RequestBody.json(Payload(when: Date(timeIntervalSince1970: 86_400)))
        let iso = try await firstRequest(TestEndpoint(["x"], method: .post, body: body))
        let millis = try await firstRequest(
            TestEndpoint(["x"], method: .post, body: body), dates: .millisecondsSince1970)
        #expect(String(decoding: iso.body ?? Data(), as: UTF8.self) == #"{"when":"1970-01-02T00:00:00Z"}"#)
        #expect(String(decoding: millis.body ?? Data(), as: UTF8.self) == #"{"when":86400000}"#)
        #expect(iso.headers.value(for: "content-type") == "application/json")
    }

    @Test func formAndMultipartBodiesAreEncoded() async throws {
        let form = try await firstRequest(
            TestEndpoint(["x"], method: .post, body: .formURLEncoded([FormField(name: "a b", value: "c&d=é")])))
        #expect(String(decoding: form.body ?? Data(), as: UTF8.self) == "a+b=c%26d%3D%C3%A9")
        let multipart = try await firstRequest(
            TestEndpoint(
                ["x"], method: .post,
                body: .multipart([
                    MultipartPart(name: "f\"x", filename: "a.txt", contentType: "text/plain", data: Data("hi".utf8))
                ])))
        let contentType = try #require(multipart.headers.value(for: "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let text = String(decoding: multipart.body ?? Data(), as: UTF8.self)
        #expect(
            text.contains(
                "Content-Disposition: form-data; name=\"f%22x\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhi\r\n"
            ))
    }

    @Test func deepObjectFormFieldsArePercentEncoded() async throws {
        var fields = FormFields(dates: .iso8601)
        fields.append("metadata", encoding: ["order": "67 35", "note": "a&b"], style: .deepObject)
        let form = try await firstRequest(TestEndpoint(["x"], method: .post, body: .formURLEncoded(fields.fields)))
        #expect(
            String(decoding: form.body ?? Data(), as: UTF8.self) == "metadata%5Bnote%5D=a%26b&metadata%5Border%5D=67+35"
        )
    }

    @Test func serviceEndpointAndCommonHeadersAreSentAndTheTimeoutApplies() async throws {
        let endpoint = TestEndpoint(
            ["x"], headers: [HTTPHeader("X-Trace", "1")], options: EndpointOptions(timeout: 2.5))
        let request = try await firstRequest(endpoint)
        #expect(request.headers.value(for: "x-trace") == "1")
        #expect(request.headers.value(for: "Accept") == "application/json")
        #expect(request.headers.value(for: "User-Agent")?.contains("Specwright/") == true)
        #expect(request.headers.value(for: "X-Request-Id")?.count == 36)
        #expect(request.timeout == 2.5)
    }

    @Test func headerValuesWithLineBreaksAreRejected() async throws {
        await #expect(throws: SpecwrightError.self) {
            _ = try await firstRequest(TestEndpoint(["x"], headers: [HTTPHeader("X-Evil", "a\r\nInjected: yes")]))
        }
    }

    @Test func plainHTTPIsRefusedUnlessLoopbackOrExplicitlyAllowed() async throws {
        let error = await #expect(throws: SpecwrightError.self) {
            _ = try await firstRequest(TestEndpoint(["x"]), baseURL: "http://api.example.com")
        }
        #expect(error?.kindDescription.contains("http://") == true)
        _ = try await firstRequest(TestEndpoint(["x"]), baseURL: "http://127.0.0.1:8080")
        _ = try await firstRequest(TestEndpoint(["x"]), baseURL: "http://localhost")
        let allowed = try await firstRequest(TestEndpoint(["x"]), baseURL: "http://api.example.com") {
            $0.allowsInsecureHTTP = true
        }
        #expect(allowed.url.absoluteString == "http://api.example.com/x")
    }

    @Test func idempotentPostsCarryAnIdempotencyKeyAndPlainPostsDoNot() async throws {
        let marked = try await firstRequest(
            TestEndpoint(["x"], method: .post, options: EndpointOptions(isIdempotent: true)))
        let plain = try await firstRequest(TestEndpoint(["x"], method: .post))
        #expect(marked.headers.value(for: "Idempotency-Key").flatMap(UUID.init(uuidString:)) != nil)
        #expect(plain.headers.value(for: "Idempotency-Key") == nil)
    }

    @Test func apiKeysGoIntoTheConfiguredHeaderOrQueryParameter() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, apiKeyProvider: { "k/1" }, logging: .disabled)
        let base = try #require(URL(string: "https://api.example.com"))
        try await APIClient(
            service: ServiceDescription(name: "A", baseURL: base, auth: .apiKeyHeader("X-Key")),
            configuration: configuration
        )
        .send(TestEndpoint(["x"]))
        try await APIClient(
            service: ServiceDescription(name: "B", baseURL: base, auth: .apiKeyQuery("key")),
            configuration: configuration
        )
        .send(TestEndpoint(["x"]))
        try await APIClient(
            service: ServiceDescription(name: "C", baseURL: base, auth: .apiKeyQuery("key")),
            configuration: configuration
        )
        .send(TestEndpoint(["x"], options: EndpointOptions(auth: .none)))
        let requests = stub.requests
        #expect(requests.count == 3)
        #expect(requests.first?.headers.value(for: "X-Key") == "k/1")
        #expect(requests.dropFirst().first?.url.query == "key=k%2F1")
        #expect(requests.last?.url.query == nil)
    }
}
