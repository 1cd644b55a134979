import Foundation
import Testing
@testable import SpecwrightRuntime

/// `APIClient.observe`: stored copy first, then the refresh, then every later change; server-side
/// request counts.
@Suite("HTTP cache: observe")
struct CacheObserveTests {
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
        var endpoint = DataSupport.cached(cc: "max-age=600", policy: .cacheFirst(ttl: 0), holdAfter: 1)
        endpoint.operationName = "books.get"
        let warm = try await client.response(endpoint, as: CachedBody.self)

        // The server holds the refresh until the stored copy has been received.
        var values = client.observe(endpoint, as: CachedBody.self).makeAsyncIterator()
        let stored = try #require(try await values.next())
        try await server.releaseCached(sid)
        let fresh = try #require(try await values.next())
        #expect(stored.value == warm.value && stored.metadata.cacheStatus == .hit && stored.attempts == 0)
        #expect(fresh.value.hit > warm.value.hit && fresh.metadata.cacheStatus == .miss)
        #expect(try await server.hits(sid, "cached") == 2)
    }

    /// A value stream, not an event queue: a consumer that does not keep up skips intermediate
    /// values (whatever their number) and ends on the latest; changes to other URLs wake nobody.
    @Test(.timeLimit(.minutes(1)))
    func aSlowConsumerSkipsIntermediateValuesAndEndsOnTheLatest() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache))
        let endpoint = Self.endpoint(sid)
        var values = client.observe(endpoint, as: CachedBody.self).makeAsyncIterator()
        var latest = try #require(try await values.next()).value.hit  // nothing stored: fetched
        for round in 0..<8 {  // the consumer does not pull meanwhile
            latest = try await client.response(endpoint, as: CachedBody.self, cache: .reload).value.hit
            for other in 0..<20 { cache.changes.publish(.stored, url: "https://elsewhere.example/\(round)/\(other)") }
        }
        var received: [Int] = []
        while received.last != latest, let value = try await values.next() {
            received.append(value.value.hit)
        }
        #expect(received.last == latest)
        #expect(received == received.sorted())
        // At most: the value held for the consumer, the one being read, one more read for the
        // changes that came during it — never one per change.
        #expect(received.count <= 3, "\(received)")
    }

    /// Looking for a stored copy is not a call that failed offline: with nothing stored, the
    /// metrics count only the fetches.
    @Test(.timeLimit(.minutes(1)))
    func theObserversOwnLookupsAreNotCountedAsFailedCalls() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let metrics = MetricsAggregator()
        let service = ServiceDescription(name: "Data", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                logging: .disabled, metrics: [metrics], clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = Self.endpoint(sid)
        var values = client.observe(endpoint, as: CachedBody.self).makeAsyncIterator()
        let first = try #require(try await values.next())
        #expect(first.metadata.cacheStatus == .miss)
        #expect(metrics.snapshot().calls == 1 && metrics.snapshot().failures == 0)
        try client.invalidate(endpoint)  // removed: the observer looks, finds nothing, fetches
        let second = try #require(try await values.next())
        #expect(second.value.hit > first.value.hit)
        #expect(metrics.snapshot().calls == 2 && metrics.snapshot().failures == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func observeYieldsAfterAPullToRefreshAndAfterAWriteInvalidatesAndCancellationEndsIt() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache))
        let endpoint = Self.endpoint(sid)
        var comment = TestEndpoint(
            ["cached", "comments"], method: .post, options: EndpointOptions(invalidates: ["books.get"]))
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
