import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// Issue #19 point 9: downloads do not go through the JSON cache — a download of a cacheable
/// endpoint is neither stored nor answered from a stored copy, while the same endpoint's in-memory
/// calls are cached as usual.
@Suite("Transfers: downloads and the HTTP cache")
struct TransferCacheTests {
    struct Hit: Decodable { var hit: Int }

    @Test(.timeLimit(.minutes(1)))
    func downloadsAreNeverStoredNorServedFromTheCache() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid) { $0.dataLayer.cache = HTTPCache() }
        let directory = makeTemporaryDirectory("download-cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        var query = QueryParameters()
        query.append("cc", "max-age=600")
        let cached = TestEndpoint(["cached"], query: query, options: EndpointOptions(cache: .cacheFirst(ttl: 600)))
        for name in ["first", "second"] {
            try await client.download(cached, to: directory.appendingPathComponent(name))
        }
        #expect(try await server.stats(sid).hits == 2)  // the first download stored nothing for the second
        let body = try await client.sendData(cached)
        #expect(try await server.stats(sid).hits == 3)  // nor for an in-memory call
        #expect(try await client.sendData(cached) == body)
        #expect(try await server.stats(sid).hits == 3)  // which is cached itself
        let third = directory.appendingPathComponent("third")
        try await client.download(cached, to: third)
        #expect(try await server.stats(sid).hits == 4)  // the stored copy does not answer a download
        // The route answers its hit number: the file holds the fourth answer, not the stored third.
        #expect(try JSONDecoder().decode(Hit.self, from: Data(contentsOf: third)).hit == 4)
        #expect(try JSONDecoder().decode(Hit.self, from: body).hit == 3)
    }
}
