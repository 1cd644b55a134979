import Foundation
import Testing
@testable import SpecwrightRuntime

/// `APIClient.observe`: stored copy first, then the refresh, then every later change; server-side
/// request counts.
@Suite("HTTP cache: observe")
struct DataCacheObserveTests {
    private static func endpoint(_ sid: String) -> TestEndpoint {
        var endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0))
        endpoint.operationName = "books.get"
        return endpoint
    }

    @Test(.timeLimit(.minutes(1)))
    func observeYieldsTheStoredCopyThenTheFreshOneWithExactlyOneNetworkCall() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        let endpoint = Self.endpoint(sid)
        let warm = try await client.response(endpoint, as: CachedBody.self)

        var values: [APIResponse<CachedBody>] = []
        for try await value in client.observe(endpoint, as: CachedBody.self) {
            values.append(value)
            if values.count == 2 { break }
        }
        // A stream ended early (the time limit cancels it) must fail the test, not crash the run.
        try #require(values.count == 2)
        #expect(values[0].value == warm.value && values[0].metadata.cacheStatus == .hit && values[0].attempts == 0)
        #expect(values[1].value.hit > warm.value.hit && values[1].metadata.cacheStatus == .miss)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func observeYieldsAfterAPullToRefreshAndAfterAWriteInvalidatesAndCancellationEndsIt() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache))
        let endpoint = Self.endpoint(sid)
        var comment = TestEndpoint(["cached", "comments"], method: .post, options: EndpointOptions(invalidates: ["books.get"]))
        comment.operationName = "comments.create"

        var values: [APIResponse<CachedBody>] = []
        for try await value in client.observe(endpoint, as: CachedBody.self) {
            values.append(value)
            switch values.count {
            case 1:  // nothing stored: the first fetch
                _ = try await client.response(endpoint, as: CachedBody.self, cache: .reload)
            case 2:  // the app's pull-to-refresh stored a fresher copy
                _ = try await client.sendData(comment)
            default:
                break
            }
            if values.count == 3 { break }
        }
        try #require(values.count == 3)
        let hits = values.map(\.value.hit)
        #expect(hits == hits.sorted() && Set(hits).count == 3)
        #expect(values[0].metadata.cacheStatus == .miss)
        #expect(values[1].metadata.cacheStatus == .hit)  // read from the cache, not fetched again
        #expect(values[2].metadata.cacheStatus == .miss)  // refetched after the invalidation
        // observe's fetch, the reload, the POST, the refetch
        #expect(try await server.hits(sid, "cached") == 4)
        try await eventually { cache.changes.observerCount == 0 }
    }

    @Test(.timeLimit(.minutes(1)))
    func withNothingStoredAndNoNetworkTheStreamFailsOffline() async throws {
        let server = try FixtureServer(lifetime: 60)
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: HTTPCache()))
        server.stop()
        let endpoint = TestEndpoint(["never"], options: EndpointOptions(cache: .cacheFirst(ttl: 60)))
        try await eventually { (try? await client.sendData(endpoint)) == nil }
        await #expect { for try await _ in client.observe(endpoint, as: CachedBody.self) {} } throws: {
            ($0 as? SpecwrightError)?.category == .offline
        }
    }
}
