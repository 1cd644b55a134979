import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("Per-operation metrics")
struct ObservabilityMetricsTests {
    /// A client for scenario `sid` reporting to `metrics`, with an in-memory cache and no retries
    /// unless the endpoint asks for them.
    private func client(_ server: FixtureServer, sid: String, metrics: MetricsAggregator) -> APIClient {
        let service = ServiceDescription(name: "Metrics", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none)
        return APIClient(
            service: service,
            configuration: ClientConfiguration(
                logging: .disabled, metrics: [metrics], clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
    }

    private func named(_ name: String, _ endpoint: TestEndpoint) -> TestEndpoint {
        var endpoint = endpoint
        endpoint.operationName = name
        return endpoint
    }

    @Test(.timeLimit(.minutes(1)))
    func everyOutcomeIsCountedPerOperationWithExactCounts() async throws {
        let server = try FixtureServer.shared()
        let metrics = MetricsAggregator()
        let retry = RetryPolicy(maxRetries: 2, baseDelay: 0.1, maxDelay: 1, jitter: .none)

        // Retried once (HTTP 503), then 200; a PUT with a 7-byte body, so 14 bytes out.
        var query = QueryParameters()
        query.append("statuses", "503,200")
        let retried = named(
            "m.retry",
            TestEndpoint(
                ["sequence"], method: .put, query: query, body: .json(["a": 1]), options: EndpointOptions(retry: retry))
        )
        let retriedResponse = try await client(server, sid: FixtureServer.newScenario(), metrics: metrics)
            .response(retried, as: AttemptBody.self)
        // Fails with 404: an `.http` error.
        let failing = named("m.fail", TestEndpoint(["status", "404"]))
        await #expect(throws: SpecwrightError.self) {
            try await client(server, sid: FixtureServer.newScenario(), metrics: metrics).send(failing)
        }
        // Miss, then fresh hit.
        let fresh = client(server, sid: FixtureServer.newScenario(), metrics: metrics)
        let freshEndpoint = named("m.fresh", DataSupport.cached(cc: "max-age=60", policy: .cacheFirst(ttl: 0)))
        for _ in 0..<2 { _ = try await fresh.response(freshEndpoint, as: CachedBody.self) }
        // Miss, then 304.
        let revalidating = client(server, sid: FixtureServer.newScenario(), metrics: metrics)
        let revalidated = named(
            "m.revalidated", DataSupport.cached(cc: "no-cache", etag: "\"v1\"", policy: .cacheFirst(ttl: 300)))
        for _ in 0..<2 { _ = try await revalidating.response(revalidated, as: CachedBody.self) }
        // Miss, then stale served at once (stale-while-revalidate).
        let swr = client(server, sid: FixtureServer.newScenario(), metrics: metrics)
        let swrEndpoint = named("m.swr", DataSupport.cached(cc: "max-age=0", policy: .staleWhileRevalidate(ttl: 0)))
        for _ in 0..<2 { _ = try await swr.response(swrEndpoint, as: CachedBody.self) }
        // Miss, then the server drops the connection: the stored copy answers (offline copy).
        let offline = client(server, sid: FixtureServer.newScenario(), metrics: metrics)
        var offlineQuery = QueryParameters()
        offlineQuery.append("cc", "max-age=0")
        offlineQuery.append("down_after", 1)
        let offlineEndpoint = named(
            "m.offline",
            TestEndpoint(["cached"], query: offlineQuery, options: EndpointOptions(cache: .networkFirst(ttl: 60))))
        _ = try await offline.response(offlineEndpoint, as: CachedBody.self)
        let offlineCopy = try await offline.response(offlineEndpoint, as: CachedBody.self)
        #expect(offlineCopy.metadata.cacheStatus == .stale && offlineCopy.metadata.isNetworkFallback)

        let snapshot = metrics.snapshot()
        let retry503 = try #require(snapshot.operations["m.retry"])
        #expect(retry503.requests == 1 && retry503.attempts == 2 && retry503.errors == 0)
        #expect(retry503.retriesByReason == ["HTTP 503": 1])
        #expect(retry503.attemptsDistribution == [2: 1])
        #expect(retry503.bytesSent == 2 * #"{"a":1}"#.utf8.count)
        #expect(
            retry503.bytesReceived == #"{"error": "scripted", "attempt": 1}"#.utf8.count + #"{"attempt": 2}"#.utf8.count
        )
        #expect(retry503.cacheOutcomes.isEmpty)
        #expect(retriedResponse.metadata.retries.map(\.reason) == ["HTTP 503"])

        let fail = try #require(snapshot.operations["m.fail"])
        #expect(fail.requests == 1 && fail.errorsByCategory == [.http: 1] && fail.retries == 0)
        #expect(snapshot.operations["m.fresh"]?.cacheOutcomes == [.miss: 1, .freshHit: 1])
        #expect(snapshot.operations["m.fresh"]?.cacheHitRate == 0.5)
        #expect(snapshot.operations["m.revalidated"]?.cacheOutcomes == [.miss: 1, .revalidated: 1])
        #expect(snapshot.operations["m.swr"]?.cacheOutcomes == [.miss: 1, .staleServed: 1])
        #expect(snapshot.operations["m.offline"]?.cacheOutcomes == [.miss: 1, .offlineCopy: 1])
        #expect(snapshot.operations["m.offline"]?.errors == 0)

        #expect(snapshot.total.requests == 10)
        #expect(snapshot.total.errorsByCategory == [.http: 1])
        #expect(
            snapshot.total.cacheOutcomes == [.miss: 4, .freshHit: 1, .revalidated: 1, .staleServed: 1, .offlineCopy: 1])
        #expect(snapshot.total.cacheHitRate == 0.5)
        #expect(snapshot.total.latency.count == 10)
        #expect(snapshot.total.p50 <= snapshot.total.p90 && snapshot.total.p90 <= snapshot.total.p99)
        #expect(snapshot.calls == 10 && snapshot.failures == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyAttemptThroughURLSessionCarriesTheTimingsThePlatformProvides() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid: sid, metrics: MetricsAggregator())
        var query = QueryParameters()
        query.append("statuses", "503,503,200")
        let endpoint = TestEndpoint(
            ["sequence"], query: query,
            options: EndpointOptions(retry: RetryPolicy(maxRetries: 2, baseDelay: 0, maxDelay: 0)))
        let response = try await client.response(endpoint, as: AttemptBody.self)
        let timings = response.metadata.transportTimings
        #expect(response.attempts == 3)
        #expect(timings.count == 3)
        for timing in timings {
            let total = try #require(timing.total)
            let firstByte = try #require(timing.timeToFirstByte)
            #expect(total > 0 && firstByte > 0 && firstByte <= total)
            #expect(timing.redirects == 0)
            #if canImport(FoundationNetworking)
                // FoundationNetworking delivers no URLSessionTaskMetrics: the phases stay unknown.
                #expect(timing.domainLookup == nil && timing.connect == nil && timing.secureConnection == nil)
                #expect(timing.isReusedConnection == nil && timing.networkProtocol == nil)
            #endif
        }
    }

    @Test func aStubTransportReportsNoTimings() async throws {
        let stub = StubTransport { _ in HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8)) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        #expect(try await client.response(TestEndpoint(["x"]), as: AttemptBody.self).metadata.transportTimings.isEmpty)
    }

    @Test func theHistogramCountsExactlyAndItsPercentilesAreWithinOneBucket() {
        var histogram = LatencyHistogram()
        for millisecond in 1...1_000 { histogram.record(Double(millisecond) / 1_000) }
        #expect(histogram.count == 1_000)
        #expect(histogram.maximum == 1)
        for (fraction, exact) in [(0.5, 0.5), (0.9, 0.9), (0.99, 0.99)] {
            let value = histogram.percentile(fraction)
            #expect(abs(value - exact) / exact <= 1.0 / 32, "p\(Int(fraction * 100)) = \(value)")
        }
        var empty = LatencyHistogram()
        #expect(empty.percentile(0.5) == 0)
        empty.record(-1)
        empty.record(.nan)
        empty.record(1e30)
        #expect(empty.count == 3)
        #expect(empty.percentile(0.01) == 0)
        var merged = LatencyHistogram()
        merged.merge(histogram)
        merged.merge(histogram)
        #expect(merged.count == 2_000 && merged.percentile(0.5) == histogram.percentile(0.5))
    }

    @Test func everyBucketBoundaryMapsBackToItsBucket() {
        for index in 0..<LatencyHistogram.bucketCount {
            let (lower, width) = LatencyHistogram.bounds(of: index)
            #expect(LatencyHistogram.index(of: lower) == index)
            #expect(LatencyHistogram.index(of: lower + width - 1) == index)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func periodicReportsHandOverOneSnapshotPerTickAndStopWhenAsked() async throws {
        let metrics = MetricsAggregator()
        let clock = SteppedClock()
        let (reports, continuation) = AsyncStream.makeStream(of: MetricsAggregator.Snapshot.self)
        let event = CallEvent(
            operationName: "o", method: .get, status: 200, duration: 0.01, metadata: ResponseMetadata(attempts: 1),
            error: nil)
        metrics.record(event)
        metrics.record(event)
        let reporter = metrics.startReporting(every: 60, resetting: true, clock: clock) { continuation.yield($0) }
        var iterator = reports.makeAsyncIterator()
        await clock.tick()
        #expect(await iterator.next()?.calls == 2)
        metrics.record(event)
        await clock.tick()
        #expect(await iterator.next()?.calls == 1)
        #expect(clock.requested.allSatisfy { $0 == 60 })
        reporter.stop()
        metrics.record(event)
        clock.tickIfWaiting()
        for _ in 0..<10 { await Task.yield() }
        #expect(metrics.snapshot().calls == 1)  // no report (which would have reset it) after stop()
    }
}

/// A clock whose `sleep` ends only when the test calls `tick()`.
private final class SteppedClock: RuntimeClock {
    private let state = LockedBox<(waiting: [CheckedContinuation<Void, Never>], requested: [TimeInterval])>(([], []))

    var requested: [TimeInterval] { state.withLock { $0.requested } }

    func now() -> TimeInterval { 0 }

    func sleep(for seconds: TimeInterval) async throws {
        await withCheckedContinuation { continuation in
            state.withLock {
                $0.waiting.append(continuation)
                $0.requested.append(seconds)
            }
        }
        try Task.checkCancellation()
    }

    /// Ends the sleep in progress, if one is.
    func tickIfWaiting() {
        state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }?.resume()
    }

    /// Ends the sleep in progress (waits until one has started).
    func tick() async {
        while true {
            let next = state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
            if let next {
                next.resume()
                return
            }
            await Task.yield()
        }
    }
}
