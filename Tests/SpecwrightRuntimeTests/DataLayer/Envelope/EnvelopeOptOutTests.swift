import Foundation
import SpecwrightRuntime
import Testing

/// Issue #12 point 5: an endpoint of an enveloped service can opt out of the envelope
/// (`EndpointOptions.usesEnvelope == false`, the spec's `envelope: false`): its body is decoded as
/// the plain response type, with no business-code checks and no token refresh from a body code.
@Suite("Envelope opt-out per endpoint")
struct EnvelopeOptOutTests {
    static let envelope = EnvelopeFormat(
        codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [1001],
        tokenExpiredCodes: [1002])

    private struct Status: Decodable, Equatable { var status: String }
    private struct Coded: Decodable, Equatable { var code: Int }

    private static let plain = EndpointOptions(usesEnvelope: false)

    /// An enveloped client whose stub answers `body` for the path's last segment.
    private func client(
        _ bodies: [String: String], session: SessionExpiry = SessionExpiry(), tokenProvider: TokenProvider? = nil
    ) throws -> (APIClient, StubTransport) {
        let stub = StubTransport { request in
            let name = request.url.lastPathComponent
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data((bodies[name] ?? "{}").utf8))
        }
        var service = TestSupport.service(
            try #require(URL(string: "https://api.example.com")), auth: tokenProvider == nil ? .none : .bearer)
        service.envelope = Self.envelope
        var configuration = ClientConfiguration(
            transport: stub, tokenProvider: tokenProvider, logging: .disabled, clock: RecordingClock())
        configuration.dataLayer.session = session
        return (APIClient(service: service, configuration: configuration), stub)
    }

    @Test(.timeLimit(.minutes(1)))
    func anOptedOutEndpointDecodesThePlainBodyWhileOthersAreUnwrapped() async throws {
        let (client, _) = try client([
            "health": #"{"status":"ok"}"#, "book": #"{"code":0,"message":"","data":{"status":"wrapped"}}"#
        ])
        let health = try await client.send(TestEndpoint(["health"], options: Self.plain), as: Status.self)
        #expect(health == Status(status: "ok"))
        let book = try await client.send(TestEndpoint(["book"]), as: Status.self)
        #expect(book == Status(status: "wrapped"))
        // The same plain body through an enveloped endpoint is no envelope: a decoding error.
        await #expect(throws: SpecwrightError.self) {
            try await client.send(TestEndpoint(["health"]), as: Status.self)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anOptedOutEndpointNeverReadsBusinessOrSessionCodes() async throws {
        let session = SessionExpiry()
        let (client, _) = try client(
            ["expired": #"{"code":1001,"message":"gone"}"#, "failed": #"{"code":7,"message":"no"}"#], session: session)
        #expect(
            try await client.send(TestEndpoint(["expired"], options: Self.plain), as: Coded.self) == Coded(code: 1001))
        #expect(try await client.send(TestEndpoint(["failed"], options: Self.plain), as: Coded.self) == Coded(code: 7))
        #expect(session.publishedCount == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aTokenExpiredCodeInAPlainBodyStartsNoRefresh() async throws {
        let refreshes = LockedBox(0)
        let provider = TokenProvider(
            token: { "t" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "t2"
            })
        let (client, stub) = try client(["token": #"{"code":1002}"#], tokenProvider: provider)
        #expect(
            try await client.send(TestEndpoint(["token"], options: Self.plain), as: Coded.self) == Coded(code: 1002))
        #expect(refreshes.withLock { $0 } == 0)
        #expect(stub.requests.count == 1)
    }
}
