import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Download and upload of the runtime (`APIClient.download(_:to:)`, `APIClient.upload` with
/// `RequestBody.file`) against a hand-written `URLSession` download / upload task of the same file
/// with a completion handler (`TransferBaseline`) and with a do-nothing session delegate
/// (`TransferDelegateBaseline`, the floor of a client that watches progress or redirects), on
/// loopback against the fixture server (`/blob`, `/upload-hash`).
///
/// For each size (`BENCH_TRANSFER_MB`, comma-separated, default `10,100`) and direction, the sides
/// run strictly interleaved — baseline, floor, runtime, baseline, floor, runtime… — for
/// `BENCH_TRANSFER_ROUNDS` rounds (default 5) after one warm-up round. Reported per side: throughput
/// (MB/s) and the client process's CPU time per MB (`getrusage`, user + system: the server is
/// another process), each as median [min–max]; and per round the ratios runtime ÷ each other side. On a
/// shared, loaded machine wall time mostly measures the other jobs — throughput swings from run to
/// run — while CPU per MB is what this process did, so it is the figure to compare.
enum TransferBenchmark {
    struct Transfer: Endpoint {
        var method: HTTPMethod
        var pathSegments: [String]
        var query = QueryParameters()
        var body: RequestBody?
        var options: EndpointOptions { EndpointOptions(timeout: 600, retry: RetryPolicy.none) }
        var operationName: String { "bench.transfer" }
    }

    /// One run of one side: wall seconds and CPU seconds of this process.
    struct Sample {
        var wall: Double
        var cpu: Double
    }

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let sizes = (environment["BENCH_TRANSFER_MB"] ?? "10,100").split(separator: ",").compactMap { Int($0) }
        let rounds = max(1, Int(environment["BENCH_TRANSFER_ROUNDS"] ?? "") ?? 5)
        let server = try FixtureServer(lifetime: 3600)
        defer { server.stop() }
        let base = server.scenarioURL(FixtureServer.newScenario())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = TransferBaseline()
        defer { baseline.invalidate() }
        let floor = TransferDelegateBaseline()
        defer { floor.invalidate() }
        var clientConfiguration = ClientConfiguration(retryPolicy: RetryPolicy.none)
        clientConfiguration.logging = .disabled
        let client = APIClient(
            service: ServiceDescription(name: "Bench", baseURL: base, timeout: 600), configuration: clientConfiguration)
        print("transfers on loopback, \(rounds) interleaved rounds (+1 warm-up) per size; load average \(load())")
        for megabytes in sizes {
            let size = megabytes * 1_000_000
            let source = directory.appendingPathComponent("source-\(megabytes).bin")
            try TransferBaseline.writePattern(to: source, size: size)
            defer { try? FileManager.default.removeItem(at: source) }
            let destination = directory.appendingPathComponent("downloaded.bin")
            var query = QueryParameters()
            query.append("bytes", size)
            let blob = URL(string: base.appendingPathComponent("blob").absoluteString + "?bytes=\(size)")!
            try await compare(
                "download \(megabytes) MB", megabytes: Double(size) / 1e6, rounds: rounds,
                sides: [
                    ("baseline", { try await baseline.download(blob, to: destination) }),
                    ("delegate floor", { try await floor.download(blob, to: destination) }),
                    (
                        "runtime",
                        {
                            let endpoint = Transfer(method: .get, pathSegments: ["blob"], query: query)
                            try await client.download(endpoint, to: destination)
                        }
                    )
                ])
            let upload = base.appendingPathComponent("upload-hash")
            try await compare(
                "upload \(megabytes) MB", megabytes: Double(size) / 1e6, rounds: rounds,
                sides: [
                    ("baseline", { try await baseline.upload(source, to: upload) }),
                    ("delegate floor", { try await floor.upload(source, to: upload) }),
                    (
                        "runtime",
                        {
                            let body = RequestBody.file(FilePart(fileURL: source))
                            let endpoint = Transfer(method: .post, pathSegments: ["upload-hash"], body: body)
                            _ = try await client.upload(endpoint) { _ in }
                        }
                    )
                ])
        }
        print("load average \(load())")
    }

    /// Runs `sides` strictly interleaved (one round = each side once, in order) and prints each
    /// side's figures and, per round, the ratios of the last side (the runtime) to each other one.
    private static func compare(
        _ name: String, megabytes: Double, rounds: Int, sides: [(name: String, body: () async throws -> Void)]
    ) async throws {
        func measured(_ body: () async throws -> Void) async throws -> Sample {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            try await body()
            return Sample(
                wall: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpu: processCPUSeconds() - cpuStart)
        }
        for side in sides { _ = try await measured(side.body) }  // warm-up
        var samples = Array(repeating: [Sample](), count: sides.count)
        for _ in 0..<rounds {
            for (index, side) in sides.enumerated() { samples[index].append(try await measured(side.body)) }
        }
        func spread(_ values: [Double], _ format: String) -> String {
            let sorted = values.sorted()
            let median = sorted[sorted.count / 2]
            return String(format: "\(format) [\(format)–\(format)]", median, sorted[0], sorted[sorted.count - 1])
        }
        for (index, side) in sides.enumerated() {
            print(
                "\(name) \(side.name): \(spread(samples[index].map { megabytes / $0.wall }, "%.0f")) MB/s, "
                    + "CPU \(spread(samples[index].map { $0.cpu * 1000 / megabytes }, "%.2f")) ms/MB")
        }
        let runtime = samples[sides.count - 1]
        for (index, side) in sides.enumerated().dropLast() {
            let pairs = zip(samples[index], runtime)
            print(
                "\(name) runtime ÷ \(side.name): throughput \(spread(pairs.map { $0.wall / $1.wall }, "%.3f"))×, "
                    + "CPU per MB \(spread(pairs.map { $1.cpu / max($0.cpu, 1e-9) }, "%.3f"))× "
                    + "(median [min–max] of \(rounds) rounds)")
        }
    }

    /// User + system CPU time of the whole process (`getrusage(RUSAGE_SELF)`).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func load() -> String {
        var averages = [Double](repeating: 0, count: 3)
        guard getloadavg(&averages, 3) == 3 else { return "unknown" }
        return String(format: "%.1f %.1f %.1f", averages[0], averages[1], averages[2])
    }
}
