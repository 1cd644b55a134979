// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An error of the app's, as the sample's retrier knows it.
struct MaintenanceError: Error {}

// The retry samples of docs/runtime.md ("Retry"), verbatim: compiled here, run against a stub, and
// the test checks the document still shows exactly these lines.
struct MaintenanceRetrier: Interceptor {
    func retry(_ request: HTTPRequest, dueTo error: SpecwrightError, context: AttemptContext) async throws -> RetryDecision {
        if error.underlyingError is MaintenanceError { return .retry(after: 2) }    // the app's own error
        if context.call.operationName == "payments.capture" { return .doNotRetry }   // never repeat this one
        return error.status == 409 ? .retry(after: nil) : .useDefault                // this API's "try again"
    }
}

enum RetryDocSample {
    static func configuration() -> ClientConfiguration {
        var configuration = ClientConfiguration(interceptors: [MaintenanceRetrier()])
        configuration.retryPolicy = RetryPolicy(
            maxRetries: 5, baseDelay: 0.5, maxDelay: 4, deadline: 10, honoursLongRetryAfter: true,
            retryableStatuses: RetryPolicy.defaultRetryableStatuses.union([409]),
            retryableTransportErrors: [.timedOut, .networkConnectionLost], retryableMethods: [.get, .head])
        configuration.retryPoliciesByOperation["payments.status"] = RetryPolicy(maxRetries: 10, baseDelay: 1, maxDelay: 5, deadline: 60)
        return configuration
    }
}

@Suite struct RetryDocSampleTests {
    @Test func theDocumentShowsTheCompiledSamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let retrier = source.drop { !$0.hasPrefix("struct MaintenanceRetrier") }.prefix(7)
        let configuration = source.drop { !$0.contains("var configuration = ClientConfiguration(interceptors:") }.prefix(6)
        #expect(retrier.count == 7 && configuration.count == 6)
        for line in retrier + configuration {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theSampleRetrierRetriesTheAppsErrorAnd409AndNeverRepeatsACapture() async throws {
        struct Maintenance: Interceptor {
            func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws -> InterceptorDecision {
                if response.status == 503 { throw MaintenanceError() }
                return .proceed
            }
        }
        let stub = StubTransport(sequence: [
            HTTPResponse(status: 503), HTTPResponse(status: 409), HTTPResponse(status: 200),
            HTTPResponse(status: 502), HTTPResponse(status: 200),
        ])
        let clock = RecordingClock()
        var configuration = RetryDocSample.configuration()
        configuration.transport = stub
        configuration.clock = clock
        configuration.logging = .disabled
        configuration.random = { 1 }
        configuration.interceptors.insert(Maintenance(), at: 0)
        let service = ServiceDescription(name: "Shop", baseURL: URL(string: "https://api.example.com")!)
        let client = APIClient(service: service, configuration: configuration)
        // 503 → the app's MaintenanceError → 2 s; 409 → the policy's backoff (the second retry: 1 s); 200.
        let response = try await client.response(TestEndpoint(["x"]))
        #expect(response.attempts == 3)
        #expect(clock.sleeps == [2, 1])
        // A 502 the policy would retry: the capture is never repeated.
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["pay"], method: .get, options: EndpointOptions()).named("payments.capture"))
        }
        #expect(error?.status == 502)
        #expect(stub.requests.count == 4)
    }
}

extension TestEndpoint {
    /// The endpoint with another operation name.
    func named(_ name: String) -> TestEndpoint {
        var endpoint = self
        endpoint.operationName = name
        return endpoint
    }
}
