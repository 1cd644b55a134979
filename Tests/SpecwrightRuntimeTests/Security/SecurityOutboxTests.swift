import Foundation
import Testing

@testable import SpecwrightRuntime

/// Issue #21 item 10: a bad outbox row (unreadable, or edited to point elsewhere or inject a
/// header) is quarantined and reported; the healthy rows still go out; nothing leaves the client's
/// origin with its credentials.
@Suite("Security: the outbox survives a bad row and sends only to the client's origin")
struct SecurityOutboxTests {
    private static let token = "outbox-secret-token"

    private func client(_ server: FixtureServer, sid: String) -> APIClient {
        TestSupport.fixtureClient(server, sid: sid, auth: .bearer) {
            $0.tokenProvider = TokenProvider(token: { Self.token })
        }
    }

    private func write(_ key: String) -> TestEndpoint {
        TestEndpoint(
            ["outbox"], method: .post, headers: [HTTPHeader("Idempotency-Key", key)], body: .json(["n": 1]),
            options: EndpointOptions(isIdempotent: true))
    }

    /// Three writes enqueued through `client`; returns the outbox file.
    private func enqueueThree(_ client: APIClient) throws -> URL {
        let file = makeTemporaryDirectory("outbox").appendingPathComponent("outbox.sqlite")
        let outbox = try Outbox(fileURL: file)
        for key in ["first", "crafted", "third"] { try client.enqueue(write(key), in: outbox) }
        return file
    }

    /// Edits the stored request of the row with `key` the way an attacker with file access would.
    private func tamper(_ file: URL, key: String, _ edit: (inout [String: Any]) -> Void) throws {
        let connection = try SQLiteConnection(path: file.path, durable: true)
        var blob = Data()
        try connection.perform { session in
            try session.query("SELECT request FROM outbox_entries WHERE idempotency_key = ?", [.text(key)]) {
                blob = $0.blob(0)
            }
        }
        var object = try #require(try JSONSerialization.jsonObject(with: blob) as? [String: Any])
        edit(&object)
        let edited = try JSONSerialization.data(withJSONObject: object)
        _ = try connection.perform {
            try $0.run("UPDATE outbox_entries SET request = ? WHERE idempotency_key = ?", [.blob(edited), .text(key)])
        }
    }

    private func overwriteBlob(_ file: URL, key: String, with bytes: Data) throws {
        let connection = try SQLiteConnection(path: file.path, durable: true)
        _ = try connection.perform {
            try $0.run("UPDATE outbox_entries SET request = ? WHERE idempotency_key = ?", [.blob(bytes), .text(key)])
        }
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            Data([0x00, 0xFF, 0x13]), Data(), Data(#"{"method":"POST"}"#.utf8), Data(#"{"method":1,"url":[]}"#.utf8)
        ])
    func anUnreadableRowIsQuarantinedAndTheHealthyOnesAreStillSent(blob: Data) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid)
        let file = try enqueueThree(client)
        try overwriteBlob(file, key: "crafted", with: blob)

        let outbox = try Outbox(fileURL: file)
        #expect(try outbox.pending().map(\.idempotencyKey) == ["first", "third"])
        let result = try await client.flush(outbox)
        #expect(result.delivered == 2 && result.remaining == 0)
        #expect(try await server.dataStats(sid).outboxKeys == ["first", "third"])
        let quarantined = try outbox.quarantined()
        #expect(quarantined.map(\.idempotencyKey) == ["crafted"])
        #expect(quarantined.first?.reason.contains("cannot be read") == true)
        #expect(try outbox.snapshot().quarantined == quarantined)

        try outbox.discard(try #require(quarantined.first))
        #expect(try outbox.snapshot() == OutboxSnapshot(pending: [], failed: [], quarantined: []))
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            "http://evil.example/collect", "https://evil.example/collect", "http://127.0.0.1:{evil}/collect",
            "https://127.0.0.1:{port}/{sid}/outbox", "ftp://127.0.0.1:{port}/{sid}/outbox",
            "http://user:pw@127.0.0.1:{port}/{sid}/outbox",
            "http://localhost:{port}/{sid}/outbox", "file:///etc/passwd"
        ])
    func aRowEditedToPointElsewhereIsQuarantinedAndNeverSentWithTheToken(template: String) async throws {
        let server = try FixtureServer.shared()
        let evil = try FixtureServer(lifetime: 60)
        defer { evil.stop() }
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid)
        let file = try enqueueThree(client)
        let crafted = template.replacingOccurrences(of: "{evil}", with: String(evil.port))
            .replacingOccurrences(of: "{port}", with: String(server.port)).replacingOccurrences(of: "{sid}", with: sid)
        try tamper(file, key: "crafted") { $0["url"] = crafted }

        let outbox = try Outbox(fileURL: file)
        let result = try await client.flush(outbox)
        #expect(result.delivered == 2 && result.quarantined == 1 && result.remaining == 0)
        #expect(try await server.dataStats(sid).outboxKeys == ["first", "third"])
        #expect(try await evil.stats(sid).hits == 0)
        let everything = try await server.stats(sid).requests
        #expect(everything.filter { $0.headers["idempotency-key"] == "crafted" }.isEmpty)
        let quarantined = try outbox.quarantined()
        #expect(quarantined.map(\.idempotencyKey) == ["crafted"])
        #expect(quarantined.first?.reason.contains("refused") == true)
        #expect(quarantined.first.map { !$0.reason.contains("pw") } ?? false)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRowWithTheClientsOriginSpelledDifferentlyIsStillSent() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid)
        let file = try enqueueThree(client)
        try tamper(file, key: "crafted") { $0["url"] = "HTTP://127.0.0.1:\(server.port)/\(sid)/outbox" }
        let result = try await client.flush(try Outbox(fileURL: file))
        #expect(result.delivered == 3 && result.quarantined == 0, "\(result)")
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            #"[["X-A\r\nX-Injected","1"]]"#, #"[["X-A","1\r\nX-Injected: yes"]]"#, #"[["X-A"]]"#, #"[["X (A)","1"]]"#
        ])
    func aRowEditedToInjectAHeaderIsQuarantined(headers: String) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid)
        let file = try enqueueThree(client)
        let parsed = try JSONSerialization.jsonObject(with: Data(headers.utf8))
        try tamper(file, key: "crafted") { object in
            object["headers"] = ((object["headers"] as? [[String]]) ?? []) + ((parsed as? [[String]]) ?? [])
        }
        let outbox = try Outbox(fileURL: file)
        let result = try await client.flush(outbox)
        #expect(result.delivered == 2 && result.quarantined == 1)
        let requests = try await server.stats(sid).requests
        #expect(requests.allSatisfy { $0.headers["x-injected"] == nil && $0.headers["idempotency-key"] != "crafted" })
        #expect(try outbox.quarantined().map(\.idempotencyKey) == ["crafted"])
    }
}
