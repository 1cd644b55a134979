import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct Problem: Decodable, Sendable, Hashable {
    var code: String
}

private struct Fallback: Decodable, Sendable, Hashable {
    var message: String
}

private struct Book: Decodable, Sendable {
    struct Author: Decodable, Sendable {
        var name: String
    }
    var authors: [Author]
}

@Suite("Error mapping (in-memory transport)")
struct ErrorMappingTests {
    private func client(retry: RetryPolicy = .none, _ handler: @escaping StubTransport.Handler) throws -> APIClient {
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")), retry: retry)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: StubTransport(handler: handler), logging: .disabled, clock: RecordingClock()))
    }

    private func failure(_ client: APIClient, _ endpoint: TestEndpoint = TestEndpoint(["books"])) async
        -> SpecwrightError?
    {
        do {
            _ = try await client.send(endpoint, as: Book.self)
            return nil
        } catch {
            return error as? SpecwrightError
        }
    }

    @Test func statusErrorsCarryStatusHeadersBodyAndTheDeclaredTypedBody() async throws {
        let client = try client { _ in
            HTTPResponse(status: 422, headers: ["X-Trace": "t1"], body: Data(#"{"code":"bad_title"}"#.utf8))
        }
        let endpoint = TestEndpoint(
            ["books"], errorBodies: [.json(Problem.self, status: 422), .json(Fallback.self, status: nil)])
        let error = try #require(await failure(client, endpoint))
        #expect(error.status == 422)
        #expect(error.typedBody(as: Problem.self) == Problem(code: "bad_title"))
        #expect(error.typedBody(as: Fallback.self) == nil)
        guard case .httpStatus(let http) = error.kind else {
            Issue.record("expected httpStatus")
            return
        }
        #expect(http.headers["x-trace"] == "t1")
        #expect(!error.isRetryable)
    }

    @Test func theDefaultTypedBodyAppliesToUndeclaredStatuses() async throws {
        let client = try client { _ in HTTPResponse(status: 500, body: Data(#"{"message":"down"}"#.utf8)) }
        let endpoint = TestEndpoint(
            ["books"], errorBodies: [.json(Problem.self, status: 422), .json(Fallback.self, status: nil)])
        let error = try #require(await failure(client, endpoint))
        #expect(error.typedBody(as: Fallback.self) == Fallback(message: "down"))
        #expect(error.isRetryable)
    }

    @Test func aTextErrorBodyIsReadAsAStringInTheResponsesCharset() async throws {
        let client = try client { request in
            request.url.path == "/books/latin"
                ? HTTPResponse(
                    status: 503, headers: ["Content-Type": "text/plain; charset=iso-8859-1"],
                    body: Data([0x43, 0x61, 0x66, 0xE9]))
                : HTTPResponse(status: 400, headers: ["Content-Type": "text/html"], body: Data("<p>bad</p>".utf8))
        }
        let bodies: [TypedErrorBody] = [.json(Problem.self, status: 422), .text(status: 400), .text(status: nil)]
        let html = try #require(await failure(client, TestEndpoint(["books"], errorBodies: bodies)))
        #expect(html.typedBody(as: String.self) == "<p>bad</p>")
        let latin = try #require(await failure(client, TestEndpoint(["books", "latin"], errorBodies: bodies)))
        #expect(latin.typedBody(as: String.self) == "Café", "the charset of the Content-Type, as success bodies")
    }

    @Test func decodingErrorsNameTheCodingPath() async throws {
        let client = try client { _ in
            HTTPResponse(status: 200, body: Data(#"{"authors":[{"name":"a"},{"name":7}]}"#.utf8))
        }
        let error = try #require(await failure(client))
        guard case .decoding(let path, _) = error.kind else {
            Issue.record("expected decoding, got \(error)")
            return
        }
        #expect(path == "authors[1].name")
        #expect(error.description.contains("authors[1].name"))
    }

    @Test(arguments: [
        (URLError.Code.timedOut, "timeout", true, true),
        (URLError.Code.notConnectedToInternet, "transport", true, true),
        (URLError.Code.cannotConnectToHost, "transport", true, true),
        (URLError.Code.badServerResponse, "transport", false, false),
        (URLError.Code.cancelled, "cancelled", false, false)
    ])
    func transportErrorsMapToKindsWithRetryableAndOfflineFlags(
        code: URLError.Code, kind: String, retryable: Bool, offline: Bool
    ) async throws {
        let client = try client { _ in throw URLError(code) }
        let error = try #require(await failure(client))
        let name: String
        switch error.kind {
        case .timeout: name = "timeout"
        case .transport(let underlying):
            name = "transport"
            #expect(underlying.code == code)
        case .cancelled: name = "cancelled"
        default: name = "other"
        }
        #expect(name == kind)
        #expect(error.isRetryable == retryable)
        #expect(error.isOffline == offline)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreRetried(status: Int) async throws {
        let calls = LockedBox(0)
        let client = try client(retry: RetryPolicy(maxRetries: 2, baseDelay: 0.1, maxDelay: 1)) { _ in
            calls.withLock { $0 += 1 }
            return HTTPResponse(status: status)
        }
        let error = try #require(await failure(client))
        #expect(error.attempts == 3)
        #expect(calls.withLock { $0 } == 3)
    }

    @Test(arguments: [400, 403, 404, 409, 422, 501])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let calls = LockedBox(0)
        let client = try client(retry: RetryPolicy(maxRetries: 2, baseDelay: 0.1, maxDelay: 1)) { _ in
            calls.withLock { $0 += 1 }
            return HTTPResponse(status: status)
        }
        let error = try #require(await failure(client))
        #expect(error.status == status)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func descriptionsNameOperationMethodAndURLWithoutSecrets() async throws {
        let service = ServiceDescription(
            name: "S", baseURL: try #require(URL(string: "https://api.example.com")), auth: .apiKeyQuery("api_key"),
            retry: .none)
        let stub = StubTransport { _ in HTTPResponse(status: 503) }
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, apiKeyProvider: { "s3cr3t" }, logging: .disabled))
        var query = QueryParameters()
        query.append("page", 2)
        query.append("password", "hunter2")
        let error = try #require(await failure(client, TestEndpoint(["books"], query: query)))
        #expect(
            error.description
                == "test.call GET https://api.example.com/books?page=2&password=<redacted> failed: HTTP 503")
        #expect(!error.description.contains("hunter2"))
        #expect(!error.description.contains("s3cr3t"))
    }

    @Test func retryAfterHTTPDatesAreHonouredAndClamped() async throws {
        let clock = RecordingClock(date: Date(timeIntervalSince1970: 784_111_777))  // Sun, 06 Nov 1994 08:49:37 GMT
        let calls = LockedBox(0)
        let stub = StubTransport { _ in
            let first = calls.withLock { value -> Bool in
                value += 1
                return value == 1
            }
            return first
                ? HTTPResponse(status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:40 GMT"])
                : HTTPResponse(status: 200, body: Data(#"{"authors":[]}"#.utf8))
        }
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: clock))
        _ = try await client.send(TestEndpoint(["books"]), as: Book.self)
        #expect(clock.sleeps == [3])
    }

    @Test func aSequenceStubAnswersInOrderAndRepeatsTheLastResponse() async throws {
        let stub = StubTransport(sequence: [
            HTTPResponse(status: 503), HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8))
        ])
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
        #expect(try await client.send(TestEndpoint(["a"]), as: AttemptBody.self).attempt == 2)
        #expect(try await client.send(TestEndpoint(["a"]), as: AttemptBody.self).attempt == 2)
        #expect(stub.requests.count == 3)
    }

    @Test func fullJitterDrawsDelaysBetweenZeroAndTheCappedExponential() {
        let policy = RetryPolicy(maxRetries: 10, baseDelay: 0.5, maxDelay: 8)
        #expect(policy.delay(forRetry: 1, random: { 1 }) == 0.5)
        #expect(policy.delay(forRetry: 3, random: { 1 }) == 2)
        #expect(policy.delay(forRetry: 9, random: { 1 }) == 8)
        #expect(policy.delay(forRetry: 3, random: { 0.5 }) == 1)
        #expect(policy.delay(forRetry: 3, random: { 0 }) == 0)
        #expect(policy.delay(forRetry: 1, retryAfter: 30) == 8)
        #expect(RetryPolicy.default == RetryPolicy(maxRetries: 3, baseDelay: 0.5, maxDelay: 8, jitter: .full))
    }
}
