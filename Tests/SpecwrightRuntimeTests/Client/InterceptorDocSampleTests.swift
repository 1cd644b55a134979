// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

// The interceptor sample of docs/runtime.md ("Interceptors"), verbatim: compiled here, run
// against a stub, and the test checks the document still shows exactly these lines.
/// Sends the app's tenant on every attempt; a `423 Locked` (the tenant is being moved) is tried again.
struct TenantInterceptor: Interceptor {
    let tenant: String

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        var request = request
        request.headers.setValue(tenant, for: "X-Tenant")
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws -> InterceptorDecision {
        response.status == 423 ? .retry(after: 1) : .proceed
    }
}

enum InterceptorDocSample {
    static func configuration() -> ClientConfiguration {
        let configuration = ClientConfiguration(interceptors: [TenantInterceptor(tenant: "acme")])
        return configuration
    }
}

@Suite struct InterceptorDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let interceptor = source.drop { !$0.hasPrefix("/// Sends the app's tenant") }.prefix(14)
        let configuration = source.drop { !$0.contains("let configuration = ClientConfiguration(interceptors: [Tenant") }.prefix(1)
        #expect(interceptor.count == 14 && configuration.count == 1)
        for line in interceptor + configuration where !line.isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func everyAttemptCarriesTheTenantAndA423IsTriedAgain() async throws {
        let stub = StubTransport(sequence: [HTTPResponse(status: 423), HTTPResponse(status: 200, body: Data("{}".utf8))])
        let clock = RecordingClock()
        var configuration = InterceptorDocSample.configuration()
        configuration.transport = stub
        configuration.clock = clock
        configuration.logging = .disabled
        let client = APIClient(service: TestSupport.service(try #require(URL(string: "https://api.example.com"))), configuration: configuration)
        let response = try await client.response(TestEndpoint(["books"]))
        #expect(response.status == 200 && response.attempts == 2)
        #expect(stub.requests.map { $0.headers.value(for: "X-Tenant") } == ["acme", "acme"])
        #expect(clock.sleeps == [1])
    }
}
