import Foundation
import SpecwrightRuntime
import Testing

/// Issue #21 item 7: plain `http://` is allowed only to loopback, and loopback means an IPv4 literal
/// in 127.0.0.0/8, the IPv6 literal ::1, or exactly `localhost` — never a DNS name that merely
/// starts with `127.` or `localhost`.
@Suite("Security: plain http only to loopback")
struct SecurityLoopbackTests {
    /// Sends one call to `baseURL` through a stub; returns the error (nil when the call was sent).
    private func outcome(_ baseURL: String) async throws -> (error: SpecwrightError?, sent: Int) {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock())
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: baseURL))), configuration: configuration)
        do {
            try await client.send(TestEndpoint(["x"]))
            return (nil, stub.requests.count)
        } catch let error as SpecwrightError {
            return (error, stub.requests.count)
        }
    }

    @Test(arguments: [
        "http://127.0.0.1.evil.example", "http://127.evil.example", "http://127.0.0.1.nip.io",
        "http://127.0.0.1.evil.example:8080/v1", "http://localhost.evil.example", "http://evil.localhost",
        "http://localhost.", "http://127.1", "http://0177.0.0.1", "http://127.0.0.01", "http://127.0.0.256",
        "http://2130706433", "http://0x7f.0.0.1", "http://128.0.0.1", "http://[::2]", "http://[::ffff:127.0.0.1]",
        "http://10.0.0.1", "http://[fe80::1]"
    ])
    func aHostThatOnlyLooksLikeLoopbackIsRefusedBeforeAnythingIsSent(baseURL: String) async throws {
        let (error, sent) = try await outcome(baseURL)
        #expect(sent == 0)
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest for \(baseURL), got \(String(describing: error))")
            return
        }
        #expect(reason.contains("plain http://"))
    }

    @Test(arguments: [
        "http://127.0.0.1:8080", "http://127.255.255.254/v1", "http://127.0.0.1", "http://localhost:3000",
        "http://LOCALHOST", "http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]", "http://[::0:1]"
    ])
    func loopbackLiteralsAndLocalhostMayUsePlainHTTP(baseURL: String) async throws {
        let (error, sent) = try await outcome(baseURL)
        #expect(error == nil, "\(baseURL): \(String(describing: error))")
        #expect(sent == 1)
    }

    @Test func allowsInsecureHTTPStillOpensAnyHost() async throws {
        let stub = StubTransport(json: Data("{}".utf8))
        let configuration = ClientConfiguration(
            transport: stub, logging: .disabled, clock: RecordingClock(), allowsInsecureHTTP: true)
        let service = TestSupport.service(try #require(URL(string: "http://127.0.0.1.nip.io")))
        try await APIClient(service: service, configuration: configuration).send(TestEndpoint(["x"]))
        #expect(stub.requests.count == 1)
    }
}
