import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-request overhead of SpecwrightRuntime: (1) end to end against the loopback fixture server,
/// runtime (build → interceptors → URLSession transport → decode of ~1 KB JSON) vs. a
/// hand-written URLRequest + URLSession + JSONDecoder baseline, same server, payload and run,
/// interleaved in rounds; (2) the pipeline alone with the in-memory transport.
enum RuntimeBenchmark {
    struct Book: Decodable, Sendable {
        struct Author: Decodable, Sendable {
            var name: String
            var born: Int
        }
        var id: Int
        var title: String
        var authors: [Author]
        var tags: [String]
        var summary: String
        var published: Date
        var rating: Double
        var available: Bool
    }

    struct Get1K: Endpoint {
        var operationName: String { "bench.json1k" }
        var method: HTTPMethod { .get }
        var pathSegments: [String] { ["json1k"] }
    }

    /// Size of the fixture's `/json1k` payload.
    static let payloadBytes = 1_040
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 40
    static let perRound = Int(ProcessInfo.processInfo.environment["BENCH_PER_ROUND"] ?? "") ?? 100

    static func run() async throws {
        let server = try FixtureServer(lifetime: 600)
        defer { server.stop() }
        let base = server.baseURL.appendingPathComponent("bench")
        let service = ServiceDescription(name: "Bench", baseURL: base)
        let client = APIClient(service: service, configuration: ClientConfiguration(logging: .disabled))

        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let url = base.appendingPathComponent("json1k")

        @Sendable func baseline() async throws {
            var request = URLRequest(url: url)
            request.httpMethod = "GET"
            // The same header fields the runtime sends by default, so both put the same work on the server.
            request.setValue(CommonHeaders.defaultUserAgent, forHTTPHeaderField: "User-Agent")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.setValue(CommonHeaders.defaultAcceptLanguage, forHTTPHeaderField: "Accept-Language")
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-Id")
            let (data, response) = try await session.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
            _ = try decoder.decode(Book.self, from: data)
        }
        @Sendable func runtime() async throws {
            _ = try await client.send(Get1K(), as: Book.self)
        }

        if ProcessInfo.processInfo.environment["BENCH_MEMORY_ONLY"] != nil {
            try await inMemory(service: service, url: url, session: session, decoder: decoder)
            return
        }
        // Warm-up: connections, caches, lazy statics.
        for _ in 0..<100 {
            try await baseline()
            try await runtime()
        }
        var baselineTimes: [Double] = []
        var runtimeTimes: [Double] = []
        var baselineCPU: [Double] = []
        var runtimeCPU: [Double] = []
        for round in 0..<rounds {
            // Alternate which side goes first so drift affects both equally.
            let order: [Bool] = round % 2 == 0 ? [true, false] : [false, true]
            for isBaseline in order {
                let cpuStart = processCPUSeconds()
                let perRequest = try await measure(count: perRound, isBaseline ? baseline : runtime)
                let cpu = (processCPUSeconds() - cpuStart) / Double(perRound) * 1_000_000
                if isBaseline {
                    baselineTimes.append(perRequest)
                    baselineCPU.append(cpu)
                } else {
                    runtimeTimes.append(perRequest)
                    runtimeCPU.append(cpu)
                }
            }
        }
        let ratios = zip(runtimeTimes, baselineTimes).map { $0 / $1 }
        let baselineBest = baselineTimes.min() ?? 0
        let runtimeBest = runtimeTimes.min() ?? 0
        print(
            "end to end, loopback, \(rounds) interleaved rounds × \(perRound) sequential GETs of \(payloadBytes) B JSON"
        )
        print(
            String(
                format: "  baseline URLSession+JSONDecoder: %8.1f µs/request median, %8.1f best round",
                median(baselineTimes), baselineBest))
        print(
            String(
                format: "  SpecwrightRuntime APIClient:     %8.1f µs/request median, %8.1f best round",
                median(runtimeTimes), runtimeBest))
        print(
            String(
                format: "  ratio runtime/baseline:          %8.3f× median of per-round ratios, %.3f× best rounds",
                median(ratios), runtimeBest / baselineBest))
        print(
            String(
                format:
                    "  client-process CPU per request:  baseline %.1f µs, runtime %.1f µs (medians; the server is another process)",
                median(baselineCPU), median(runtimeCPU)))

        try await inMemory(service: service, url: url, session: session, decoder: decoder)
    }

    /// The pipeline alone: in-memory transport, same payload.
    static func inMemory(service: ServiceDescription, url: URL, session: URLSession, decoder: JSONDecoder) async throws
    {
        let payload = try await session.data(from: url).0
        let stub = StubTransport(recordsRequests: false) { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: payload)
        }
        let memoryClient = APIClient(
            service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled))
        let metricsClient = APIClient(
            service: service,
            configuration: ClientConfiguration(transport: stub, logging: .disabled, metrics: [MetricsAggregator()]))
        let count = perRound * 5
        for _ in 0..<500 { _ = try await memoryClient.send(Get1K(), as: Book.self) }
        var decodeOnly: [Double] = []
        var runtimeDecodeOnly: [Double] = []
        let runtimeDecoder = service.dates.makeDecoder()
        var pipeline: [Double] = []
        var withMetrics: [Double] = []
        for _ in 0..<rounds * 2 {
            decodeOnly.append(try await measure(count: count) { _ = try decoder.decode(Book.self, from: payload) })
            runtimeDecodeOnly.append(
                try await measure(count: count) { _ = try runtimeDecoder.decode(Book.self, from: payload) })
            pipeline.append(try await measure(count: count) { _ = try await memoryClient.send(Get1K(), as: Book.self) })
            withMetrics.append(
                try await measure(count: count) { _ = try await metricsClient.send(Get1K(), as: Book.self) })
        }
        // The minimum over rounds: the machine is shared, so noise only ever adds time.
        let decodeBest = decodeOnly.min() ?? 0
        let runtimeDecodeBest = runtimeDecodeOnly.min() ?? 0
        let pipelineBest = pipeline.min() ?? 0
        print("in-memory transport, \(rounds * 2) rounds × \(count) sequential calls (best round)")
        print(String(format: "  JSONDecoder alone:               %8.1f µs/request", decodeBest))
        print(String(format: "  JSONDecoder, runtime date coding:%8.1f µs/request", runtimeDecodeBest))
        print(
            String(
                format: "  pipeline + decode:               %8.1f µs/request (pipeline alone %.1f µs)", pipelineBest,
                pipelineBest - runtimeDecodeBest))
        print(String(format: "  pipeline + decode + metrics:     %8.1f µs/request", withMetrics.min() ?? 0))
        print(
            String(
                format: "  MetricsAggregator.record alone:  %8.3f µs/call (best round)", try await metricsRecordCost()))

        let concurrent = 1_000
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrent {
                group.addTask { _ = try await memoryClient.send(Get1K(), as: Book.self) }
            }
            try await group.waitForAll()
        }
        print(
            String(
                format: "  %d concurrent calls:            %8.1f ms total", concurrent,
                seconds(ContinuousClock.now - start) * 1000))
    }

    /// What `MetricsAggregator.record` costs per call: 20 operations, a realistic mix of
    /// successes, a cache outcome, a retry and an error.
    static func metricsRecordCost() async throws -> Double {
        let aggregator = MetricsAggregator()
        var cached = ResponseMetadata(attempts: 0, cacheStatus: .hit, bytesReceived: 0)
        cached.cacheAge = 3
        let retried = ResponseMetadata(
            attempts: 2, retries: [RetryRecord(reason: "HTTP 503", delay: 0.5)], bytesReceived: 1_040)
        let missed = ResponseMetadata(attempts: 1, cacheStatus: .miss, bytesReceived: 1_040)
        var events: [CallEvent] = []
        for index in 0..<20 {
            let metadata: ResponseMetadata = index % 10 == 0 ? retried : (index % 3 == 0 ? cached : missed)
            let error: SpecwrightError? = index == 7 ? SpecwrightError(.timeout) : nil
            let duration = 0.000_5 * Double(index + 1)
            events.append(
                CallEvent(
                    operationName: "group.operation\(index)", method: .get, status: 200, duration: duration,
                    metadata: metadata, error: error))
        }
        let count = 100_000
        var best = Double.infinity
        for _ in 0..<rounds {
            let time = try await measure(count: count / events.count) {
                for event in events { aggregator.record(event) }
            }
            best = min(best, time / Double(events.count))
        }
        return best
    }

    static func measure(count: Int, _ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        for _ in 0..<count { try await body() }
        return seconds(ContinuousClock.now - start) / Double(count) * 1_000_000
    }

    /// User + system CPU time of this process (the fixture server runs in its own process).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
