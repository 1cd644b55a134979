// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

/// The authenticator sample of docs/runtime.md ("Authenticators"), verbatim: compiled here, run
/// against a stub, and the test checks the document still shows exactly these lines.
enum AuthDocSample {
    struct Session: Sendable, Equatable {
        var token: String
        var expiresAt: Date
    }

    actor SessionStore {
        var current: Session?
        var renewals = 0

        init(_ session: Session?) { current = session }

        func renew() async throws -> Session {
            renewals += 1
            let session = Session(token: "s\(renewals + 1)", expiresAt: Date(timeIntervalSince1970: 1_700_003_600))
            current = session
            return session
        }
    }

    // sample: begin
    /// A session token in `X-Session`, renewed before it expires and when the server answers 419.
    struct SessionAuthenticator: Authenticator {
        let store: SessionStore

        func credential(for scheme: AuthScheme) async throws -> Session? { await store.current }

        func apply(_ session: Session, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
            request.headers.setValue(session.token, for: "X-Session")
        }

        func requiresRefresh(_ session: Session, now: Date) -> Bool {
            session.expiresAt.timeIntervalSince(now) < 60
        }

        func isAuthenticationFailure(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
            response.status == 401 || response.status == 419
        }

        var refreshes: Bool { true }

        func refresh(_ rejected: Session?, for scheme: AuthScheme) async throws -> Session {
            try await store.renew()
        }
    }
    // sample: end

    static func configuration(store: SessionStore) -> ClientConfiguration {
        let configuration = ClientConfiguration(authenticators: [.apiKeyHeader("X-Session"): SessionAuthenticator(store: store)])
        return configuration
    }
}

@Suite struct AuthDocSampleTests {
    private struct Ping: Endpoint {
        var operationName: String { "ping" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["ping"] }
    }

    @Test func theDocumentShowsTheCompiledAuthenticatorSampleAndItRuns() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sample = source.components(separatedBy: "\n").drop { !$0.contains("// sample: begin") }.dropFirst()
            .prefix { !$0.contains("// sample: end") }
        #expect(sample.count > 20)
        #expect(document.contains(#"ClientConfiguration(authenticators: [.apiKeyHeader("X-Session"): SessionAuthenticator(store: store)])"#))
        for line in sample where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }

        let clock = RecordingClock()  // its date is 2023-11-14T22:13:20Z (1_700_000_000)
        let stub = StubTransport { request in
            HTTPResponse(status: request.headers.value(for: "X-Session") == "s3" ? 200 : 419)
        }
        // s1 expires in 30 s: renewed before it is sent (s2); the server wants s3: one 419, renewed, replayed.
        let store = AuthDocSample.SessionStore(AuthDocSample.Session(token: "s1", expiresAt: clock.currentDate().addingTimeInterval(30)))
        var configuration = AuthDocSample.configuration(store: store)
        configuration.transport = stub
        configuration.clock = clock
        configuration.logging = .disabled
        let service = ServiceDescription(name: "Docs", baseURL: URL(string: "https://api.example")!, auth: .apiKeyHeader("X-Session"))
        let response = try await APIClient(service: service, configuration: configuration).response(Ping())
        #expect(response.status == 200)
        #expect(stub.requests.map { $0.headers.value(for: "X-Session") } == ["s2", "s3"])
        #expect(await store.renewals == 2)
    }
}
