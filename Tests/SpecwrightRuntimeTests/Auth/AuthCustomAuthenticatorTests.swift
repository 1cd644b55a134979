import Foundation
import SpecwrightDigest
import SpecwrightRuntime
import Testing

/// An app's own scheme: every request signed with HMAC-SHA-256 over its method, target, date and
/// body hash (the fixture server's `/signed` checks it). The key rotates: `refresh` fetches the
/// current one when the server rejects a signature.
private struct SigningKey: Sendable, Equatable {
    var id: String
    var secret: [UInt8]
}

private final class KeyStore: Sendable {
    private let key: LockedBox<SigningKey>
    private let rotations = LockedBox(0)

    init(_ key: SigningKey) { self.key = LockedBox(key) }

    var current: SigningKey { key.withLock { $0 } }
    var rotationCount: Int { rotations.withLock { $0 } }

    func rotate() -> SigningKey {
        rotations.withLock { $0 += 1 }
        let fresh = SigningKey(id: "k2", secret: Array("fixture-signing-key".utf8))
        key.withLock { $0 = fresh }
        return fresh
    }
}

private struct HMACAuthenticator: Authenticator {
    let keys: KeyStore
    let date: String

    func credential(for scheme: AuthScheme) async throws -> SigningKey? { keys.current }

    func apply(_ credential: SigningKey, for scheme: AuthScheme, to request: inout HTTPRequest) throws {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let bodyHash = SHA256.hex(Array(request.body ?? Data()))
        let message = [request.method.rawValue, target, date, bodyHash].joined(separator: "\n")
        request.headers.setValue(date, for: "X-Date")
        request.headers.setValue(credential.id, for: "X-Key-Id")
        request.headers.setValue(
            SHA256.hexadecimal(SHA256.hmac(key: credential.secret, message: Array(message.utf8))), for: "X-Proof")
    }

    var refreshes: Bool { true }

    func refresh(_ rejected: SigningKey?, for scheme: AuthScheme) async throws -> SigningKey { keys.rotate() }
}

@Suite("Custom authenticators")
struct AuthCustomAuthenticatorTests {
    private static let scheme = AuthScheme.apiKeyHeader("X-Signed-Request")

    private func client(_ server: FixtureServer, _ sid: String, keys: KeyStore, log: LogRecorder) -> APIClient {
        TestSupport.fixtureClient(server, sid: sid, auth: Self.scheme) {
            $0.authenticators = [Self.scheme: HMACAuthenticator(keys: keys, date: "Tue, 01 Dec 2026 10:00:00 GMT")]
            $0.logging = LoggingConfiguration(isEnabled: true, sink: log)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anHMACSigningAuthenticatorSignsEveryRequestEndToEnd() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let keys = KeyStore(SigningKey(id: "k1", secret: Array("fixture-signing-key".utf8)))
        let log = LogRecorder()
        let client = client(server, sid, keys: keys, log: log)
        let body = RequestBody.json(["amount": 42])
        _ = try await client.send(TestEndpoint(["signed"], method: .post, body: body), as: AttemptBody.self)
        var query = QueryParameters()
        query.append("page", "2")
        _ = try await client.send(TestEndpoint(["signed"], query: query), as: AttemptBody.self)
        let stats = try await server.stats(sid)
        #expect(stats.rejections == 0)
        #expect(keys.rotationCount == 0)
        let signatures = stats.requests.compactMap { $0.headers["x-proof"] }
        #expect(signatures.count == 2)
        // Whatever header a credential sets is redacted in logs, under any name.
        for signature in signatures { #expect(!log.text.contains(signature)) }
        #expect(!log.text.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRejectedSignatureRotatesTheKeyOnceAndReplays() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let keys = KeyStore(SigningKey(id: "k1", secret: Array("an-old-key".utf8)))
        let client = client(server, sid, keys: keys, log: LogRecorder())
        let response = try await client.response(TestEndpoint(["signed"]), as: AttemptBody.self)
        #expect(response.attempts == 2)
        #expect(response.metadata.tokenReplays == 1)
        #expect(keys.rotationCount == 1)
        let stats = try await server.stats(sid)
        #expect(stats.rejections == 1)
        #expect(stats.requests.map { $0.headers["x-key-id"] } == ["k1", "k2"])
    }

    @Test(.timeLimit(.minutes(1)))
    func theAuthenticatorIsUsedOnlyWhereTheOperationAsksForItsScheme() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let keys = KeyStore(SigningKey(id: "k1", secret: Array("fixture-signing-key".utf8)))
        let client = TestSupport.fixtureClient(server, sid: sid) {
            $0.authenticators = [Self.scheme: HMACAuthenticator(keys: keys, date: "d")]
            $0.apiKeyProvider = { "plain-key" }
        }
        let signed = EndpointOptions(auth: .anyOf([[Self.scheme]]))
        let either = EndpointOptions(auth: .anyOf([[.bearer], [.apiKeyHeader("X-Key"), Self.scheme]]))
        try await client.send(TestEndpoint(["status", "200"], options: signed))
        try await client.send(TestEndpoint(["status", "200"], options: EndpointOptions(auth: .none)))
        try await client.send(TestEndpoint(["status", "200"], options: either))
        let sent = try await server.stats(sid).requests
        #expect(sent.map { $0.headers["x-key-id"] } == ["k1", nil, "k1"])
        // The built-in API-key authenticator still serves the other API-key scheme of the combination.
        #expect(sent.map { $0.headers["x-key"] } == [nil, nil, "plain-key"])
        #expect(sent.allSatisfy { $0.headers["authorization"] == nil })
    }
}
