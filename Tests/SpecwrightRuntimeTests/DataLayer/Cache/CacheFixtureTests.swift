import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("HTTP cache against the fixture server")
struct CacheFixtureTests {
    @Test(.timeLimit(.minutes(1)))
    func aMaxAgeResponseIsServedFromMemoryThenFromDiskByANewClientWithoutServerHits() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 0))

        let first = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let fromNetwork = try await first.response(endpoint, as: CachedBody.self)
        let fromMemory = try await first.response(endpoint, as: CachedBody.self)
        let second = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let fromDisk = try await second.response(endpoint, as: CachedBody.self)

        #expect(fromNetwork.metadata.cacheStatus == .miss)
        #expect(fromMemory.metadata.cacheStatus == .hit && fromMemory.attempts == 0)
        #expect(fromDisk.metadata.cacheStatus == .hit && fromDisk.attempts == 0)
        #expect(fromDisk.value == fromNetwork.value && fromMemory.value == fromNetwork.value)
        #expect(fromDisk.metadata.cacheAge != nil)
        #expect(try await server.hits(sid, "cached") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func anETagRevalidationGetsA304OnTheWireAndTheStoredBodyToTheCaller() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "no-cache", etag: "\"v1\"", policy: .cacheFirst(ttl: 300))
        let original = try await client.response(endpoint, as: CachedBody.self)
        let revalidated = try await client.response(endpoint, as: CachedBody.self)
        #expect(revalidated.value == original.value)
        #expect(revalidated.status == 200)
        #expect(revalidated.metadata.cacheStatus == .revalidated)
        #expect(try await server.dataStats(sid).notModified == 1)
        let requests = try await server.stats(sid).requests
        #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
    }

    @Test(.timeLimit(.minutes(1)))
    func aNoStoreResponseIsNeverStored() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let cache = HTTPCache(fileURL: file)
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache))
        let endpoint = DataSupport.cached(cc: "no-store", policy: .cacheFirst(ttl: 300))
        _ = try await client.response(endpoint, as: CachedBody.self)
        _ = try await client.response(endpoint, as: CachedBody.self)
        #expect(try await server.hits(sid, "cached") == 2)
        #expect(cache.memory.count == 0)
        #expect(cache.disk?.statistics().count == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func varyAcceptLanguageKeepsOneEntryPerLanguage() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        func fetch(_ language: String) async throws -> APIResponse<CachedBody> {
            try await client.response(
                DataSupport.cached(
                    cc: "max-age=60", vary: "Accept-Language", policy: .cacheFirst(ttl: 0),
                    headers: [HTTPHeader("Accept-Language", language)]),
                as: CachedBody.self)
        }
        let german = try await fetch("de")
        let english = try await fetch("en")
        let germanAgain = try await fetch("de")
        let englishAgain = try await fetch("en")
        #expect(german.value.lang == "de" && english.value.lang == "en")
        #expect(germanAgain.value == german.value && germanAgain.metadata.cacheStatus == .hit)
        #expect(englishAgain.value == english.value && englishAgain.metadata.cacheStatus == .hit)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func accountAsEntryIsNeverServedToAccountB() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let account = Locked("alice")
        let cache = HTTPCache()
        let client = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache, accountIdentity: { account.value }))
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 0))
        let alice = try await client.response(endpoint, as: CachedBody.self)
        account.withLock { $0 = "bob" }
        let bob = try await client.response(endpoint, as: CachedBody.self)
        #expect(bob.metadata.cacheStatus == .miss)
        #expect(bob.value.hit != alice.value.hit)
        client.configuration.dataLayer.didLogOut(account: "bob")
        account.withLock { $0 = "alice" }
        #expect(try await client.response(endpoint, as: CachedBody.self).value == alice.value)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func networkFirstReturnsTheStoredCopyFlaggedStaleWhenTheServerIsStopped() async throws {
        let server = try FixtureServer(lifetime: 60)
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .networkFirst(ttl: 0))
        let online = try await client.response(endpoint, as: CachedBody.self)
        server.stop()
        var offline: APIResponse<CachedBody>?
        // The server exits asynchronously after its stdin closes: ask until the network fails.
        while offline?.metadata.cacheStatus != .stale {
            offline = try await client.response(endpoint, as: CachedBody.self)
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        #expect(offline?.value == online.value)
        let uncached = TestEndpoint(["other"], options: EndpointOptions(cache: .networkFirst(ttl: 0)))
        await #expect { try await client.sendData(uncached) } throws: { ($0 as? SpecwrightError)?.category == .offline }
    }

    @Test(.timeLimit(.minutes(1)))
    func staleWhileRevalidateAnswersFromTheCacheAndTheServerSeesOneRefresh() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=0", policy: .staleWhileRevalidate(ttl: 60), delay: 0.2)
        let first = try await client.response(endpoint, as: CachedBody.self)
        let statuses = try await withThrowingTaskGroup(of: CacheStatus.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.response(endpoint, as: CachedBody.self).metadata.cacheStatus }
            }
            return try await group.reduce(into: [CacheStatus]()) { $0.append($1) }
        }
        #expect(first.metadata.cacheStatus == .miss)
        #expect(statuses == Array(repeating: .stale, count: 10))
        try await eventually { (try? await server.hits(sid, "cached")) == 2 }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCorruptDatabaseFileIsACacheMissAndTheCacheRecovers() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory().appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 0))
        let warm = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        _ = try await warm.response(endpoint, as: CachedBody.self)
        try Data("this is not a database".utf8 + [UInt8](repeating: 0xFF, count: 4096)).write(to: file)
        try? FileManager.default.removeItem(atPath: file.path + "-wal")

        let afterCorruption = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let miss = try await afterCorruption.response(endpoint, as: CachedBody.self)
        let recovered = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
        let hit = try await recovered.response(endpoint, as: CachedBody.self)
        #expect(miss.metadata.cacheStatus == .miss)
        #expect(hit.metadata.cacheStatus == .hit && hit.value == miss.value)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSuccessfulPostToTheURLInvalidatesItsStoredResponse() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let read = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 0))
        let before = try await client.response(read, as: CachedBody.self)
        #expect(try await client.response(read, as: CachedBody.self).metadata.cacheStatus == .hit)
        var write = read
        write.method = .post
        write.options = EndpointOptions()
        _ = try await client.sendData(write)
        let after = try await client.response(read, as: CachedBody.self)
        #expect(after.metadata.cacheStatus == .miss)
        #expect(after.value.hit > before.value.hit)
        #expect(try await server.hits(sid, "cached") == 3)
    }
}
