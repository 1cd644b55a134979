import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

/// The cost of `APIClient.observe` per update: a pull-to-refresh (`cache: .reload`, loopback
/// fixture server) awaited until the observer has yielded the new value, against the same reload
/// with nobody observing. The difference is what one update costs the observer: the change
/// notification, its read of the memory tier, decoding and the yield. Interleaved rounds.
enum CacheObserveBenchmark {
    static func run() async throws {
        let server = try FixtureServer(lifetime: 600)
        defer { server.stop() }
        let service = ServiceDescription(name: "Bench", baseURL: server.baseURL.appendingPathComponent("observebench"))
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                logging: .disabled, dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let observed = CacheBenchmark.Cached(cache: .cacheFirst(ttl: 0))
        let unobserved = CacheBenchmark.Cached(cache: .cacheFirst(ttl: 0), extra: ["unobserved"])
        _ = try await client.send(unobserved, as: CacheBenchmark.Payload.self)

        var iterator = client.observe(observed, as: CacheBenchmark.Payload.self).makeAsyncIterator()
        _ = try await iterator.next()  // nothing stored: the first fetch (one value)
        func update() async throws {
            _ = try await client.send(observed, as: CacheBenchmark.Payload.self, cache: .reload)
            _ = try await iterator.next()
        }
        for _ in 0..<100 {
            try await update()
            _ = try await client.send(unobserved, as: CacheBenchmark.Payload.self, cache: .reload)
        }
        let rounds = RuntimeBenchmark.rounds
        let perRound = RuntimeBenchmark.perRound
        var withObserver: [Double] = []
        var without: [Double] = []
        for _ in 0..<rounds {
            withObserver.append(try await RuntimeBenchmark.measure(count: perRound) { try await update() })
            without.append(
                try await RuntimeBenchmark.measure(count: perRound) {
                    _ = try await client.send(unobserved, as: CacheBenchmark.Payload.self, cache: .reload)
                })
        }
        let median = RuntimeBenchmark.median
        print("observe: a reload of a ~1 KB JSON response until the observer yields it, \(rounds) rounds × \(perRound)")
        print(
            String(
                format: "  reload + observer update:  %8.1f µs median, %8.1f best round", median(withObserver),
                withObserver.min() ?? 0))
        print(
            String(
                format: "  reload, nobody observing:  %8.1f µs median, %8.1f best round", median(without),
                without.min() ?? 0))
        print(
            String(
                format: "  observe per update:        %8.1f µs median of per-round differences",
                median(zip(withObserver, without).map { $0 - $1 })))
    }
}
