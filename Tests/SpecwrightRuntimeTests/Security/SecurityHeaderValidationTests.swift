import Foundation
import SpecwrightRuntime
import Testing

/// An app interceptor that sets one header.
private struct SetsHeader: Interceptor {
    var name: String
    var value: String

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        var request = request
        request.headers.append(HTTPHeader(name, value))
        return request
    }
}

/// Issue #21 item 9: a header name that is not an RFC 9110 token, or a value with CR, LF or NUL,
/// is refused with a typed error wherever it enters — and nothing reaches the server.
@Suite("Security: header names and values are validated wherever they enter")
struct SecurityHeaderValidationTests {
    /// Where a bad header enters.
    enum Entry: String, CaseIterable, Sendable {
        case requestIDHeaderNameWithCRLF
        case requestIDHeaderNameWithSpace
        case clientVersionNameWithCRLF
        case clientVersionValueWithCRLF
        case deviceIDValueWithNUL
        case timestampHeaderNameWithColon
        case userAgentValueWithLF
        case interceptorNameWithCRLF
        case interceptorNameWithParenthesis
        case interceptorValueWithCR
        case endpointNameWithSlash

        func configure(_ configuration: inout ClientConfiguration) {
            let injected = "X-A\r\nX-Injected: yes"
            switch self {
            case .requestIDHeaderNameWithCRLF: configuration.requestIDHeader = "X-Request-Id\r\nX-Injected: yes"
            case .requestIDHeaderNameWithSpace: configuration.requestIDHeader = "X Request Id"
            case .clientVersionNameWithCRLF: configuration.commonHeaders.clientVersion = { HTTPHeader(injected, "1.0") }
            case .clientVersionValueWithCRLF:
                configuration.commonHeaders.clientVersion = { HTTPHeader("X-Client-Version", "1.0\r\nX-Injected: yes") }
            case .deviceIDValueWithNUL:
                configuration.commonHeaders.deviceID = { HTTPHeader("X-Device-Id", "abc\u{0}def") }
            case .timestampHeaderNameWithColon: configuration.commonHeaders.timestampHeader = "X-Time: 1"
            case .userAgentValueWithLF: configuration.commonHeaders.userAgent = "App/1\nX-Injected: yes"
            case .interceptorNameWithCRLF: configuration.interceptors = [SetsHeader(name: injected, value: "1")]
            case .interceptorNameWithParenthesis: configuration.interceptors = [SetsHeader(name: "X-(A)", value: "1")]
            case .interceptorValueWithCR:
                configuration.interceptors = [SetsHeader(name: "X-A", value: "1\rX-Injected: yes")]
            case .endpointNameWithSlash: break
            }
        }

        var endpointHeaders: [HTTPHeader] {
            self == .endpointNameWithSlash ? [HTTPHeader("X/A", "1")] : []
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Entry.allCases)
    func aBadHeaderIsRefusedWithATypedErrorAndNothingIsSent(entry: Entry) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) { entry.configure(&$0) }
        let error = await #expect(throws: SpecwrightError.self) {
            try await client.sendData(TestEndpoint(["echo"], headers: entry.endpointHeaders))
        }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("header"))
        #expect(!reason.contains("\r") && !reason.contains("\n"))
        #expect(try await server.stats(sid).hits == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyTokenCharacterIsAcceptedAndReachesTheServer() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let name = "X-Token!#$%&'*+.^_`|~09az"
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.interceptors = [SetsHeader(name: name, value: "v\tw ü")]
        }
        _ = try await client.sendData(TestEndpoint(["echo"]))
        let headers = try #require(try await server.stats(sid).requests.first?.headers)
        #expect(headers[name.lowercased()] != nil)
        #expect(headers["x-injected"] == nil)
    }

    @Test func aStoredOutboxRowIsRefusedAtEnqueue() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hdr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outbox = try Outbox(fileURL: directory.appendingPathComponent("outbox.sqlite"))
        let url = try #require(URL(string: "https://api.example.com/x"))
        for headers in [[["X-A\r\nX-Injected", "1"]], [["X-A", "1\r\nX-Injected: yes"]], [["X-A"]]] {
            #expect(throws: SpecwrightError.self) {
                try outbox.enqueue(OutboxRequest(method: "POST", url: url, headers: headers), operationName: "x.create")
            }
        }
        #expect(try outbox.pending().isEmpty)
    }
}
