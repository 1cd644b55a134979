import Foundation
import Testing
@testable import SpecwrightRuntime

/// A scripted origin for the cache stage: answers from a closure and records conditional headers.
private final class FakeOrigin: Sendable {
    private let state = Locked((calls: 0, conditionals: [[String: String]]()))
    private let answer: @Sendable (Int, [String: String]) throws -> CacheableResponse

    init(_ answer: @escaping @Sendable (_ call: Int, _ extra: [String: String]) throws -> CacheableResponse) {
        self.answer = answer
    }

    var calls: Int { state.withLock { $0.calls } }
    var conditionals: [[String: String]] { state.withLock { $0.conditionals } }

    var network: HTTPCacheStage.Network {
        { extra, _ in
            let call = self.state.withLock { state -> Int in
                state.calls += 1
                state.conditionals.append(extra)
                return state.calls
            }
            return try self.answer(call, extra)
        }
    }
}

/// A clock tests move by hand.
private final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_700_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

private let transportClassifier: @Sendable (any Error) -> CacheFailureKind = { $0 is URLError ? .transport : .other }

@Suite("HTTP cache stage")
struct CacheStageTests {
    private let clock = TestClock()
    private func stage(_ cache: HTTPCache = HTTPCache()) -> HTTPCacheStage {
        let clock = self.clock
        return HTTPCacheStage(cache: cache, now: { clock.now })
    }
    private func get(_ url: String = "http://127.0.0.1/r", account: String = "", headers: [String: String] = [:])
        -> CacheableRequest
    {
        CacheableRequest(method: "GET", url: url, headers: headers, account: account)
    }
    private func ok(_ body: String, _ headers: [String: String]) -> CacheableResponse {
        CacheableResponse(status: 200, headers: headers, body: Data(body.utf8))
    }

    @Test func networkOnlyNeitherReadsNorWritesTheCache() async throws {
        let origin = FakeOrigin { _, _ in self.ok("v", ["Cache-Control": "max-age=60"]) }
        let stage = stage()
        for _ in 0..<2 {
            _ = try await stage.perform(get(), mode: nil, classify: transportClassifier, network: origin.network)
        }
        #expect(origin.calls == 2)
    }

    @Test func aFreshResponseIsServedFromTheCacheWithItsAge() async throws {
        let origin = FakeOrigin { _, _ in self.ok("v", ["Cache-Control": "max-age=60"]) }
        let stage = stage()
        let first = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        clock.advance(10)
        let second = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        #expect(first.info == .network)
        #expect(second.info == CacheInfo(source: .cache, age: 10, isStale: false))
        #expect(second.response.body == Data("v".utf8))
        #expect(HeaderLookup.value("Age", in: second.response.headers) == "10")
        #expect(origin.calls == 1)
    }

    @Test func aNotModifiedAnswerServesTheStoredBodyWithRefreshedHeaders() async throws {
        let origin = FakeOrigin { call, _ in
            call == 1
                ? self.ok("body", ["Cache-Control": "max-age=1", "ETag": "\"e1\"", "X-Rev": "1"])
                : CacheableResponse(status: 304, headers: ["X-Rev": "2", "Cache-Control": "max-age=1"], body: Data())
        }
        let stage = stage()
        _ = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        clock.advance(5)
        let revalidated = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        #expect(origin.conditionals.last == ["If-None-Match": "\"e1\""])
        #expect(revalidated.info.source == .revalidated)
        #expect(revalidated.response.status == 200)
        #expect(revalidated.response.body == Data("body".utf8))
        #expect(HeaderLookup.value("X-Rev", in: revalidated.response.headers) == "2")
        _ = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        #expect(origin.calls == 2)
    }

    @Test func noStoreResponsesAreNeverStored() async throws {
        let origin = FakeOrigin { _, _ in self.ok("secret", ["Cache-Control": "no-store, max-age=60"]) }
        let cache = HTTPCache()
        let stage = stage(cache)
        for _ in 0..<2 {
            _ = try await stage.perform(
                get(), mode: .cacheFirst(ttl: 300), classify: transportClassifier, network: origin.network)
        }
        #expect(origin.calls == 2)
        #expect(cache.memory.count == 0)
    }

    @Test func oneAccountsEntryIsNeverServedToAnother() async throws {
        let origin = FakeOrigin { call, _ in self.ok("user\(call)", ["Cache-Control": "max-age=60"]) }
        let stage = stage()
        let alice = try await stage.perform(
            get(account: "alice"), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        let bob = try await stage.perform(
            get(account: "bob"), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        #expect(alice.response.body == Data("user1".utf8))
        #expect(bob.response.body == Data("user2".utf8))
        #expect(bob.info == .network)
    }

    @Test func networkFirstServesTheStoredCopyFlaggedStaleWhenTheTransportFails() async throws {
        let origin = FakeOrigin { call, _ in
            if call > 1 { throw URLError(.cannotConnectToHost) }
            return self.ok("cached", ["Cache-Control": "max-age=5"])
        }
        let stage = stage()
        _ = try await stage.perform(
            get(), mode: .networkFirst(ttl: 86400), classify: transportClassifier, network: origin.network)
        clock.advance(3600)
        let offline = try await stage.perform(
            get(), mode: .networkFirst(ttl: 86400), classify: transportClassifier, network: origin.network)
        #expect(offline.response.body == Data("cached".utf8))
        #expect(offline.info == CacheInfo(source: .cache, age: 3600, isStale: true))
        clock.advance(86400)
        await #expect(throws: URLError.self) {
            _ = try await stage.perform(
                get(), mode: .networkFirst(ttl: 86400), classify: transportClassifier, network: origin.network)
        }
        await #expect(throws: URLError.self) {
            _ = try await stage.perform(
                get("http://127.0.0.1/other"), mode: .networkFirst(ttl: 0), classify: transportClassifier,
                network: origin.network)
        }
    }

    @Test func staleIfErrorServesTheStoredCopyOnAServerError() async throws {
        let origin = FakeOrigin { call, _ in
            call == 1
                ? self.ok("good", ["Cache-Control": "max-age=1, stale-if-error=60"])
                : CacheableResponse(status: 503, headers: [:], body: Data())
        }
        let stage = stage()
        _ = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        clock.advance(30)
        let result = try await stage.perform(
            get(), mode: .cacheFirst(ttl: 0), classify: transportClassifier, network: origin.network)
        #expect(result.response.body == Data("good".utf8))
        #expect(result.info.isStale)
    }

    @Test(.timeLimit(.minutes(1)))
    func staleWhileRevalidateAnswersAtOnceAndStartsOneBackgroundRefresh() async throws {
        let origin = FakeOrigin { call, _ in self.ok("v\(call)", ["Cache-Control": "max-age=10"]) }
        let cache = HTTPCache()
        let stage = stage(cache)
        _ = try await stage.perform(
            get(), mode: .staleWhileRevalidate(ttl: 10), classify: transportClassifier, network: origin.network)
        clock.advance(100)
        let results = try await withThrowingTaskGroup(of: CacheInfo.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await stage.perform(
                        self.get(), mode: .staleWhileRevalidate(ttl: 10), classify: transportClassifier,
                        network: origin.network
                    ).info
                }
            }
            return try await group.reduce(into: [CacheInfo]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.source == .cache && $0.isStale })
        while cache.lookup(CacheKey(account: "", url: "http://127.0.0.1/r"), requestHeaders: [:])?.entry.body
            != Data("v2".utf8)
        {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(origin.calls == 2)
    }

    @Test func unsafeMethodsInvalidateTheURLAndItsLocation() async throws {
        let origin = FakeOrigin { _, _ in self.ok("v", ["Cache-Control": "max-age=60", "Location": "/items/1"]) }
        let cache = HTTPCache()
        let stage = stage(cache)
        _ = try await stage.perform(
            get("http://127.0.0.1/items"), mode: .cacheFirst(ttl: 0), classify: transportClassifier,
            network: origin.network)
        _ = try await stage.perform(
            get("http://127.0.0.1/items/1"), mode: .cacheFirst(ttl: 0), classify: transportClassifier,
            network: origin.network)
        #expect(cache.memory.count == 2)
        let post = CacheableRequest(method: "POST", url: "http://127.0.0.1/items", headers: [:], account: "")
        _ = try await stage.perform(post, mode: nil, classify: transportClassifier, network: origin.network)
        #expect(cache.memory.count == 0)
    }
}
