import Foundation
import Testing
@testable import SpecwrightRuntime

/// Issue #21 item 1: no number a server or a file controls can trap the cache. Each fixture test
/// stores a real response, then reads it back in a new client on the same file (the next launch).
@Suite("Security: hostile numbers in cache headers and stored rows")
struct SecurityCacheNumberTests {
    static let uint64Max = "18446744073709551615"

    private func persistentClient(_ server: FixtureServer, sid: String, file: URL) -> APIClient {
        DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache(fileURL: file)))
    }

    @Test(.timeLimit(.minutes(1)))
    func anAgeOfUInt64MaxIsServedStaleWhileRevalidatingOnTheNextLaunch() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("age").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", age: Self.uint64Max, policy: .staleWhileRevalidate(ttl: 60))
        let first = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        let relaunched = try await persistentClient(server, sid: sid, file: file).response(
            endpoint, as: CachedBody.self)
        #expect(relaunched.value == first.value)
        #expect(relaunched.metadata.cacheStatus == .stale)
        #expect(relaunched.headers["Age"] == "2147483648")
    }

    @Test(.timeLimit(.minutes(1)))
    func anAgeOfUInt64MaxSurvivesA304Revalidation() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("age304").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(
            cc: "no-cache", etag: "\"v1\"", age: Self.uint64Max, policy: .cacheFirst(ttl: 300))
        let first = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        let revalidated = try await persistentClient(server, sid: sid, file: file).response(
            endpoint, as: CachedBody.self)
        #expect(revalidated.value == first.value)
        #expect(revalidated.metadata.cacheStatus == .revalidated)
        #expect(try await server.dataStats(sid).notModified == 1)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [-1e300, 1e300, -1.7e308])
    func aStoredRequestTimeFarFromNowIsReadWithoutTrapping(requestTime: Double) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("time").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .staleWhileRevalidate(ttl: 60))
        let first = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        try CacheFileTampering.editEntries(file) { $0["requestTime"] = requestTime }
        let relaunched = try await persistentClient(server, sid: sid, file: file).response(
            endpoint, as: CachedBody.self)
        #expect(relaunched.value == first.value)
        #expect(relaunched.metadata.cacheStatus == .stale || relaunched.metadata.cacheStatus == .hit)
    }

    @Test(.timeLimit(.minutes(1)))
    func aStoredResponseTimeFarInThePastOrFutureIsReadWithoutTrapping() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("rtime").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .staleWhileRevalidate(ttl: 60))
        _ = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        for responseTime in [-1e300, 1e300] {
            try CacheFileTampering.editEntries(file) {
                $0["responseTime"] = responseTime; $0["requestTime"] = -responseTime
            }
            let relaunched = try await persistentClient(server, sid: sid, file: file).response(
                endpoint, as: CachedBody.self)
            #expect(relaunched.value.hit >= 1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aStoredValidatorWithALineBreakIsAMissAndIsNeverSentBack() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("crlf").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "no-cache", etag: "\"v1\"", policy: .cacheFirst(ttl: 300))
        _ = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        try CacheFileTampering.editEntries(file) { entry in
            var headers = entry["headers"] as? [String: String] ?? [:]
            headers["ETag"] = "\"v1\"\r\nX-Injected: yes"
            entry["headers"] = headers
        }
        let key = try #require(try CacheFileTampering.keys(file).first)
        #expect(HTTPCache(fileURL: file).lookup(key, requestHeaders: [:]) == nil, "the crafted row is not used")
        let relaunched = try await persistentClient(server, sid: sid, file: file).response(
            endpoint, as: CachedBody.self)
        #expect(relaunched.metadata.cacheStatus == .miss)
        let sent = try await server.stats(sid).requests.last
        #expect(sent?.headers["x-injected"] == nil)
        #expect(sent?.headers["if-none-match"] == nil)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [0, 99, 600, Int.max, Int.min])
    func aStoredRowWithAnImpossibleStatusIsAMiss(status: Int) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let file = makeTemporaryDirectory("status").appendingPathComponent("http.sqlite")
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 300))
        _ = try await persistentClient(server, sid: sid, file: file).response(endpoint, as: CachedBody.self)
        try CacheFileTampering.editEntries(file) { $0["status"] = status }
        let relaunched = try await persistentClient(server, sid: sid, file: file).response(
            endpoint, as: CachedBody.self)
        #expect(relaunched.status == 200 && relaunched.metadata.cacheStatus == .miss)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test func tamperedCostsNeitherTrapNorStopEviction() throws {
        let file = makeTemporaryDirectory("cost").appendingPathComponent("http.sqlite")
        let now = Date()
        func entry(_ name: String) -> CacheEntry {
            makeCacheEntry(
                ["Cache-Control": "max-age=60"], body: String(repeating: "x", count: 200), received: now,
                url: "http://127.0.0.1/\(name)")
        }
        let capacity = entry("a").cost * 3
        let store = try #require(SQLiteCacheStore.open(path: file.path, capacity: capacity))
        store.insert(entry("a"))
        store.insert(entry("b"))
        try CacheFileTampering.run(
            file, "UPDATE cache_entries SET cost = ?, last_access = 1 WHERE url LIKE '%/a'",
            [.integer(Int64.min + 1000)])
        try CacheFileTampering.run(
            file, "UPDATE cache_entries SET cost = ?, last_access = 2 WHERE url LIKE '%/b'",
            [.integer(Int64.max)])
        store.insert(entry("c"))
        #expect(store.entries(for: entry("c").key).count == 1)
        #expect(store.entries(for: entry("b").key).isEmpty, "the row claiming Int64.max bytes is evicted")
        store.insert(entry("d"))
        #expect(store.statistics().cost <= capacity)
    }
}
