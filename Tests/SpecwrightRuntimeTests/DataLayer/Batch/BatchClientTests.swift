import Foundation
import Testing
@testable import SpecwrightRuntime

/// `APIClient.loadBatch` / `loadBatchPartially` (what generated `batch:` methods call) against
/// the fixture server's `/batch` route, with exact counts (issue #16 points 4, 5, 6, 9).
@Suite("Batch loading through the client")
struct BatchClientTests {
    struct Item: Codable, Sendable, Hashable {
        var id: String
    }

    /// `GET /batch?ids=…` plus the route's knobs (`slow_ids`, `fail_ids`, `delay`, `cc`).
    private func fetch(
        _ client: APIClient, knobs: [String: String] = [:], policy: CachePolicy = .networkOnly
    ) -> @Sendable ([String]) async throws -> APIResponse<[Item]> {
        { chunk in
            var query = QueryParameters()
            query.append("ids", chunk)
            for (name, value) in knobs.sorted(by: { $0.key < $1.key }) { query.append(name, value) }
            var endpoint = TestEndpoint(["batch"], query: query, options: EndpointOptions(cache: policy))
            endpoint.operationName = "items.batch"
            return try await client.response(endpoint, as: [Item].self)
        }
    }

    private func client(_ server: FixtureServer, _ sid: String, cache: HTTPCache? = nil, identity: String? = nil)
        -> APIClient
    {
        DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache, accountIdentity: { identity }))
    }

    private func requestedIDs(_ server: FixtureServer, _ sid: String) async throws -> [[String]] {
        try await server.stats(sid).requests.filter { $0.path.hasPrefix("/\(sid)/batch") }.map { request in
            URLComponents(string: request.path)?.queryItems?.filter { $0.name == "ids" }.compactMap(\.value) ?? []
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func partialResultsReportEachIdOfAFailedChunkAndReturnTheOthers() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid)
        let result = await client.loadBatchPartially(
            ["1", "2", "3", "4", "5", "2"], options: BatchOptions(size: 2, concurrency: 2),
            operationName: "items.batch",
            fetch: fetch(client, knobs: ["fail_ids": "3"]))
        #expect(result.elements.map(\.id) == ["1", "2", "5"])
        #expect(result.failedIDs == ["3", "4"])
        #expect(
            (result.failures["3"] as? SpecwrightError)?.status == 500
                && (result.failures["4"] as? SpecwrightError)?.status == 500)
        #expect(result.failures["1"] == nil && !result.isComplete)
        #expect(try await server.dataStats(sid).batchCalls == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func aChunkOverItsTimeoutFailsAloneInPartialMode() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid)
        let result = await client.loadBatchPartially(
            ["a", "b", "c", "d", "e", "f"], options: BatchOptions(size: 2, concurrency: 3, chunkTimeout: 3),
            operationName: "items.batch",
            fetch: fetch(client, knobs: ["slow_ids": "c", "delay": "30"]))
        #expect(result.elements.map(\.id) == ["a", "b", "e", "f"])
        #expect(result.failedIDs == ["c", "d"])
        guard case .timeout = (result.failures["c"] as? SpecwrightError)?.kind else {
            Issue.record("expected .timeout, got \(String(describing: result.failures["c"]))")
            return
        }
        #expect((result.failures["c"] as? SpecwrightError)?.operationName == "items.batch")
    }

    @Test(.timeLimit(.minutes(1)))
    func allOrNothingThrowsOnlySpecwrightErrors() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid)
        let failed = await #expect(throws: SpecwrightError.self) {
            _ = try await client.loadBatch(
                ["1", "2", "3"], options: BatchOptions(size: 1, concurrency: 1), operationName: "items.batch",
                fetch: fetch(client, knobs: ["fail_ids": "2"]))
        }
        #expect(failed?.status == 500)
        // The whole-load deadline is a `.timeout`, not a BatchLoaderError.
        let timedOut = await #expect(throws: SpecwrightError.self) {
            _ = try await client.loadBatch(
                ["1", "2"], options: BatchOptions(size: 1, concurrency: 2, timeout: 2), operationName: "items.batch",
                fetch: fetch(client, knobs: ["delay": "30"]))
        }
        guard case .timeout = timedOut?.kind else {
            Issue.record("expected .timeout, got \(String(describing: timedOut))")
            return
        }
        // Cancellation is `.cancelled`, not a bare CancellationError.
        let task = Task {
            try await client.loadBatch(
                ["x"], options: BatchOptions(size: 1, concurrency: 1), operationName: "items.batch",
                fetch: fetch(client, knobs: ["delay": "30"]))
        }
        task.cancel()
        let cancelled = await #expect(throws: SpecwrightError.self) { _ = try await task.value }
        guard case .cancelled = cancelled?.kind else {
            Issue.record("expected .cancelled, got \(String(describing: cancelled))")
            return
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func freshCachedIdsAreNotRequestedAgain() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let cache = HTTPCache()
        let client = client(server, sid, cache: cache)
        let policy = CachePolicy.cacheFirst(ttl: 0)
        let reuse = BatchReuse<String, Item>(id: { $0.id }, policy: policy)
        let load = { (ids: [String]) in
            try await client.loadBatch(
                ids, options: BatchOptions(size: 10, concurrency: 1), operationName: "items.batch", reuse: reuse,
                fetch: fetch(client, knobs: ["cc": "max-age=60"], policy: policy))
        }
        #expect(try await load(["a", "b", "c"]).map(\.id) == ["a", "b", "c"])
        #expect(try await load(["c", "d", "b"]).map(\.id) == ["c", "d", "b"])
        #expect(try await load(["b", "c", "d"]).map(\.id) == ["b", "c", "d"])
        cache.removeAll()
        #expect(try await load(["a"]).map(\.id) == ["a"])
        #expect(try await requestedIDs(server, sid) == [["a", "b", "c"], ["d"], ["a"]])
    }

    @Test(.timeLimit(.minutes(1)))
    func idsAreFetchedAgainWhenTheResponseMayNotBeReusedOrTheEndpointIsNotCacheable() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid, cache: HTTPCache())
        for (cc, policy) in [
            ("no-store", CachePolicy.cacheFirst(ttl: 60)), ("max-age=0", .cacheFirst(ttl: 60)),
            ("max-age=60", .networkFirst(ttl: 60))
        ] {
            let reuse = BatchReuse<String, Item>(id: { $0.id }, policy: policy)
            for _ in 0..<2 {
                _ = try await client.loadBatch(
                    ["a"], options: BatchOptions(size: 10, concurrency: 1), operationName: "items.\(cc)", reuse: reuse,
                    fetch: fetch(client, knobs: ["cc": cc], policy: policy))
            }
        }
        #expect(try await server.dataStats(sid).batchCalls == 6)
    }

    /// `CacheLifetime.app` (the spec's `lifetime: app`): the policy's ttl decides, so elements of a
    /// `no-cache`, `no-store` or already stale response are reused like the HTTP cache reuses them.
    @Test(.timeLimit(.minutes(1)))
    func anAppChosenLifetimeReusesElementsWhateverTheServersHeadersSay() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = client(server, sid, cache: HTTPCache())
        let policy = CachePolicy.cacheFirst(ttl: 600)
        let reuse = BatchReuse<String, Item>(id: { $0.id }, policy: policy, lifetime: .app)
        for cc in ["no-cache", "no-store", "max-age=0"] {
            for _ in 0..<2 {
                let loaded = try await client.loadBatch(
                    ["a", "b"], options: BatchOptions(size: 10, concurrency: 1), operationName: "items.\(cc)",
                    reuse: reuse,
                    fetch: fetch(client, knobs: ["cc": cc], policy: policy))
                #expect(loaded.map(\.id) == ["a", "b"])
            }
        }
        #expect(try await server.dataStats(sid).batchCalls == 3)
    }
}
