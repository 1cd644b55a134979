import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

/// The HTTP cache's latency as the caller sees it: the same `APIClient.send` of a ~1 KB JSON
/// response answered by (1) the loopback fixture server (`networkOnly`), (2) the memory tier
/// (`cacheFirst`, `max-age=3600`) and (3) the SQLite tier alone (memory budget 0, so every hit
/// reads the database). Interleaved rounds in one run; ratios are per round.
enum CacheBenchmark {
    struct Payload: Decodable, Sendable {
        var hit: Int
        var pad: String
    }

    struct Cached: Endpoint {
        var cache: CachePolicy
        var extra: [String] = []
        var operationName: String { "bench.cached" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["cached"] + extra }
        var query: QueryParameters {
            var query = QueryParameters()
            query.append("cc", "max-age=3600")
            query.append("pad", 1_000)
            return query
        }
        var options: EndpointOptions { EndpointOptions(cache: cache) }
    }

    static func run() async throws {
        let server = try FixtureServer(lifetime: 600)
        defer { server.stop() }
        let service = ServiceDescription(name: "Bench", baseURL: server.baseURL.appendingPathComponent("cachebench"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-cache-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        func client(_ cache: HTTPCache?) -> APIClient {
            APIClient(
                service: service,
                configuration: ClientConfiguration(logging: .disabled, dataLayer: DataLayerConfiguration(cache: cache)))
        }
        let network = client(nil)
        let memory = client(HTTPCache(fileURL: directory.appendingPathComponent("memory.sqlite")))
        let disk = client(HTTPCache(fileURL: directory.appendingPathComponent("disk.sqlite"), memoryCapacity: 0))
        let viaNetwork = Cached(cache: .networkOnly)
        let viaCache = Cached(cache: .cacheFirst(ttl: 0))

        for _ in 0..<100 {
            _ = try await network.send(viaNetwork, as: Payload.self)
            _ = try await memory.send(viaCache, as: Payload.self)
            _ = try await disk.send(viaCache, as: Payload.self)
        }
        let memoryStatus = try await memory.response(viaCache, as: Payload.self).metadata.cacheStatus
        let diskStatus = try await disk.response(viaCache, as: Payload.self).metadata.cacheStatus
        guard memoryStatus == .hit, diskStatus == .hit else {
            print("  cache not hit (memory \(memoryStatus), disk \(diskStatus)); no figures")
            return
        }

        let rounds = RuntimeBenchmark.rounds
        let perRound = RuntimeBenchmark.perRound
        var networkTimes: [Double] = []
        var memoryTimes: [Double] = []
        var diskTimes: [Double] = []
        for _ in 0..<rounds {
            networkTimes.append(
                try await RuntimeBenchmark.measure(count: perRound) {
                    _ = try await network.send(viaNetwork, as: Payload.self)
                })
            memoryTimes.append(
                try await RuntimeBenchmark.measure(count: perRound) {
                    _ = try await memory.send(viaCache, as: Payload.self)
                })
            diskTimes.append(
                try await RuntimeBenchmark.measure(count: perRound) {
                    _ = try await disk.send(viaCache, as: Payload.self)
                })
        }
        let median = RuntimeBenchmark.median
        print("APIClient.send of a ~1 KB JSON response, \(rounds) interleaved rounds × \(perRound) sequential calls")
        print(
            String(
                format: "  loopback round trip (networkOnly):  %8.1f µs/call median, %8.1f best round",
                median(networkTimes), networkTimes.min() ?? 0))
        print(
            String(
                format: "  memory-tier hit (cacheFirst):       %8.1f µs/call median, %8.1f best round",
                median(memoryTimes), memoryTimes.min() ?? 0))
        print(
            String(
                format: "  SQLite-tier hit (memory budget 0):  %8.1f µs/call median, %8.1f best round",
                median(diskTimes), diskTimes.min() ?? 0))
        print(
            String(
                format: "  network / memory hit:               %8.1f× median of per-round ratios",
                median(zip(networkTimes, memoryTimes).map { $0 / $1 })))
        print(
            String(
                format: "  network / disk hit:                 %8.1f× median of per-round ratios",
                median(zip(networkTimes, diskTimes).map { $0 / $1 })))
    }
}
