import Foundation
import Testing
@testable import SpecwrightRuntime

/// Per-call cache policies and app-chosen lifetimes against the fixture server, counting the
/// requests that reach it.
@Suite("HTTP cache: per-call policies and app lifetimes")
struct CachePolicyOverrideTests {
    @Test(.timeLimit(.minutes(1)))
    func pullToRefreshMakesOneRequestDespiteAFreshEntryAndStoresTheAnswer() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=60", etag: "\"v1\"", policy: .cacheFirst(ttl: 0))
        let first = try await client.response(endpoint, as: CachedBody.self)
        let refreshed = try await client.response(endpoint, as: CachedBody.self, cache: .reload)
        let afterwards = try await client.response(endpoint, as: CachedBody.self, cache: .endpointDefault)

        #expect(try await server.hits(sid, "cached") == 2)
        #expect(refreshed.metadata.cacheStatus == .miss && refreshed.attempts == 1)
        #expect(refreshed.value.hit != first.value.hit)
        let requests = try await server.stats(sid).requests
        #expect(requests.last?.headers["if-none-match"] == nil)
        #expect(afterwards.metadata.cacheStatus == .hit && afterwards.value == refreshed.value)
    }

    @Test(.timeLimit(.minutes(1)))
    func cacheOnlyNeverReachesTheServerAndFailsAsNotCachedWithoutACopy() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=0", policy: .cacheFirst(ttl: 0))
        await #expect { try await client.sendData(endpoint, cache: .cacheOnly) } throws: { error in
            guard let error = error as? SpecwrightError, case .notCached = error.kind else { return false }
            return error.category == .offline && error.operationName == "test.call"
        }
        let stored = try await client.response(endpoint, as: CachedBody.self)
        let offline = try await client.response(endpoint, as: CachedBody.self, cache: .cacheOnly)

        #expect(try await server.hits(sid, "cached") == 1)
        #expect(offline.value == stored.value && offline.attempts == 0)
        #expect(offline.metadata.cacheStatus == .stale)
    }

    @Test(.timeLimit(.minutes(1)))
    func cacheElseNetworkServesAnyStoredCopyAndAsksTheNetworkOnlyWithoutOne() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = DataSupport.cached(cc: "max-age=0, must-revalidate", policy: .cacheFirst(ttl: 0))
        let first = try await client.response(endpoint, as: CachedBody.self, cache: .cacheElseNetwork)
        let second = try await client.response(endpoint, as: CachedBody.self, cache: .cacheElseNetwork)
        let third = try await client.response(endpoint, as: CachedBody.self)

        #expect(first.metadata.cacheStatus == .miss)
        #expect(second.value == first.value && second.metadata.cacheStatus == .stale)
        #expect(third.metadata.cacheStatus == .miss)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func anAppTTLOf60sServesANoCacheResponseWithoutTheNetworkAndOffline() async throws {
        let server = try FixtureServer(lifetime: 60)
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let appTTL = CacheOverride.policy(.cacheFirst(ttl: 60), lifetime: .app)
        let serverTTL = DataSupport.cached(cc: "no-cache", policy: .cacheFirst(ttl: 60))
        let endpoint = DataSupport.cached(cc: "no-cache, no-store", policy: .networkFirst(ttl: 60))
        let appEndpoint = TestEndpoint(
            endpoint.pathSegments, query: endpoint.query,
            options: EndpointOptions(cache: .networkFirst(ttl: 60), cacheLifetime: .app))

        _ = try await client.response(serverTTL, as: CachedBody.self)
        #expect(try await client.response(serverTTL, as: CachedBody.self).metadata.cacheStatus == .miss)
        let original = try await client.response(endpoint, as: CachedBody.self, cache: appTTL)
        let again = try await client.response(endpoint, as: CachedBody.self, cache: appTTL)
        #expect(again.value == original.value && again.metadata.cacheStatus == .hit)
        #expect(try await server.hits(sid, "cached") == 3)

        server.stop()
        var offline = original
        var lastOnline = original
        // The server exits asynchronously after its stdin closes: ask until the network fails.
        while offline.metadata.cacheStatus != .stale {
            offline = try await client.response(appEndpoint, as: CachedBody.self)
            if offline.metadata.cacheStatus == .miss { lastOnline = offline }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        #expect(offline.value == lastOnline.value && offline.attempts > 0)
        await #expect { try await client.sendData(endpoint) } throws: { ($0 as? SpecwrightError)?.category == .offline }
    }
}
