import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SpecwrightError` as an app shows it and branches on it: plain messages, the error underneath,
/// a comparable `Kind`, and `isOffline` that agrees with `category`.
@Suite struct ErrorPresentationTests {
    private struct AppError: Error, Equatable {
        var reason: String
    }

    static let failure = SpecwrightError.HTTPFailure(
        status: 503, headers: ["retry-after": "1"], body: Data("down".utf8))

    static let everyKind: [SpecwrightError.Kind] = [
        .invalidRequest("bad"), .transport(URLError(.notConnectedToInternet)),
        .transport(URLError(.secureConnectionFailed)),
        .timeout, .cancelled, .responseTooLarge(limit: 10), .httpStatus(failure),
        .httpStatus(.init(status: 404, headers: [:], body: Data())),
        .unauthorized(.init(status: 401, headers: [:], body: Data())),
        .decoding(codingPath: "items[0].id", message: "expected Int"), .business(code: 7, message: nil),
        .business(code: 8, message: "Out of stock"), .sessionExpired("refresh failed"), .configUnavailable("gate"),
        .notCached
    ]

    @Test func everyKindHasAPlainMessageWithoutTheURL() {
        for kind in Self.everyKind {
            let error = SpecwrightError(
                kind, operationName: "books.list", method: .get, url: "https://api.example/books?token=<redacted>",
                attempts: 2)
            let message = error.localizedDescription
            #expect(message == error.errorDescription)
            #expect(!message.isEmpty, "\(kind)")
            if kind != .business(code: 8, message: "Out of stock") {
                #expect(message.hasSuffix("."), "\(kind): \(message)")
            }
            #expect(!message.contains("https://") && !message.contains("books.list"), "\(message)")
            #expect(error.failureReason == error.kindDescription)
        }
        #expect(SpecwrightError(.business(code: 8, message: "Out of stock")).localizedDescription == "Out of stock")
        #expect(
            SpecwrightError(.transport(URLError(.notConnectedToInternet))).recoverySuggestion
                == "Check the internet connection and try again.")
    }

    @Test func isOfflineAgreesWithTheCategoryForEveryKindAndTransportCode() {
        let codes: [URLError.Code] = [
            .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .timedOut, .badServerResponse, .secureConnectionFailed, .unknown, .cancelled, .badURL
        ]
        for kind in Self.everyKind + codes.map({ .transport(URLError($0)) }) {
            let error = SpecwrightError(kind)
            #expect(error.isOffline == (error.category == .offline), "\(kind)")
        }
        #expect(SpecwrightError(.timeout).isOffline)
        #expect(SpecwrightError(.transport(URLError(.cannotFindHost))).category == .offline)
        #expect(SpecwrightError(.transport(URLError(.badServerResponse))).category == .transport)
        #expect(!SpecwrightError(.transport(URLError(.secureConnectionFailed))).isOffline)
    }

    @Test func kindsCompareByCaseAndPayload() {
        #expect(SpecwrightError(.timeout).kind == .timeout)
        #expect(SpecwrightError(.httpStatus(Self.failure)).kind == .httpStatus(Self.failure))
        #expect(SpecwrightError.Kind.httpStatus(Self.failure) != .unauthorized(Self.failure))
        #expect(SpecwrightError.Kind.business(code: 7, message: nil) != .business(code: 7, message: "x"))
        #expect(SpecwrightError.Kind.transport(URLError(.timedOut)) == .transport(URLError(.timedOut)))
        #expect(SpecwrightError.Kind.transport(URLError(.timedOut)) != .transport(URLError(.cannotFindHost)))
        for (index, kind) in Self.everyKind.enumerated() {
            #expect(kind == Self.everyKind[index])
            #expect(Self.everyKind.filter { $0 == kind }.count == 1, "\(kind)")
        }
    }

    @Test func theUnderlyingErrorIsTheOneAnInterceptorThrewOrTheURLError() async throws {
        /// Throws the app's error on the response and records what its `retry` is shown.
        struct Failing: Interceptor {
            let seen: Locked<[SpecwrightError]>
            func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
                -> InterceptorDecision
            {
                throw AppError(reason: "app rule")
            }
            func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws
                -> RetryDecision
            {
                seen.withLock { $0.append(error) }
                return .useDefault
            }
        }
        let seen = Locked<[SpecwrightError]>([])
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: StubTransport { _ in HTTPResponse(status: 200) }, interceptors: [Failing(seen: seen)],
                logging: .disabled))
        // Inside the pipeline (an interceptor's `retry`) the app's error is the underlying error of a
        // `.transport` SpecwrightError that is neither offline nor retryable; the caller gets it unwrapped.
        await #expect(throws: AppError(reason: "app rule")) { try await client.send(TestEndpoint(["books"])) }
        let inside = try #require(seen.value.first)
        #expect(inside.underlyingError as? AppError == AppError(reason: "app rule"))
        #expect(inside.category == .transport && !inside.isOffline && !inside.isRetryable)
        let transport = SpecwrightError(.transport(URLError(.cannotFindHost)))
        #expect((transport.underlyingError as? URLError)?.code == .cannotFindHost)
        #expect(SpecwrightError(.timeout).underlyingError == nil)
    }

    @Test func anErrorARequestInterceptorThrowsReachesTheCallerUnchangedAndIsNotOffline() async throws {
        struct Refusing: Interceptor {
            func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
                throw AppError(reason: "no account selected")
            }
        }
        let sent = Locked(0)
        let service = TestSupport.service(try #require(URL(string: "https://api.example.com")))
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                transport: StubTransport { _ in
                    sent.withLock { $0 += 1 }
                    return HTTPResponse(status: 200)
                }, interceptors: [Refusing()], logging: .disabled))
        await #expect(throws: AppError(reason: "no account selected")) {
            try await client.send(TestEndpoint(["books"]))
        }
        #expect(sent.withLock { $0 } == 0)
    }
}
