import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Download and upload throughput of the runtime (`APIClient.download(_:to:)`, `APIClient.upload`
/// with `RequestBody.file`) against a hand-written `URLSession` download task / upload task from
/// the same file, on loopback against the fixture server (`/blob`, `/upload-hash`).
///
/// Rounds alternate which side goes first; reported: MB/s per side (median and best round), the
/// median of the per-round throughput ratios runtime ÷ baseline, and the client process's CPU time
/// per transfer (what the runtime adds; wall time on a loaded machine mostly waits). `BENCH_TRANSFER_MB` (default 100)
/// and `BENCH_TRANSFER_ROUNDS` (default 6) adjust it.
enum TransferBenchmark {
    struct Transfer: Endpoint {
        var method: HTTPMethod
        var pathSegments: [String]
        var query = QueryParameters()
        var body: RequestBody?
        var options: EndpointOptions { EndpointOptions(timeout: 600, retry: RetryPolicy.none) }
        var operationName: String { "bench.transfer" }
    }

    static func run() async throws {
        let megabytes = Int(ProcessInfo.processInfo.environment["BENCH_TRANSFER_MB"] ?? "") ?? 100
        let rounds = Int(ProcessInfo.processInfo.environment["BENCH_TRANSFER_ROUNDS"] ?? "") ?? 6
        let size = megabytes * 1_000_000
        let server = try FixtureServer(lifetime: 1800)
        defer { server.stop() }
        let base = server.scenarioURL(FixtureServer.newScenario())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.bin")
        try writePattern(to: source, size: size)

        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        var clientConfiguration = ClientConfiguration(retryPolicy: RetryPolicy.none)
        clientConfiguration.logging = .disabled
        let client = APIClient(
            service: ServiceDescription(name: "Bench", baseURL: base, timeout: 600), configuration: clientConfiguration)
        var query = QueryParameters()
        query.append("bytes", size)
        let blobURL = base.appendingPathComponent("blob").absoluteString + "?bytes=\(size)"
        let destination = directory.appendingPathComponent("downloaded.bin")

        print("transfers of \(megabytes) MB on loopback, \(rounds) rounds (+1 warm-up), alternating order")
        try await compare(
            "download", size: size, rounds: rounds,
            baseline: {
                try await baselineDownload(session, URL(string: blobURL)!, to: destination)
            },
            runtime: {
                try await client.download(Transfer(method: .get, pathSegments: ["blob"], query: query), to: destination)
            })
        var uploadRequest = URLRequest(url: base.appendingPathComponent("upload-hash"))
        uploadRequest.httpMethod = "POST"
        uploadRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        try await compare(
            "upload", size: size, rounds: rounds,
            baseline: { try await baselineUpload(session, uploadRequest, from: source) },
            runtime: {
                let endpoint = Transfer(
                    method: .post, pathSegments: ["upload-hash"], body: .file(FilePart(fileURL: source)))
                _ = try await client.upload(endpoint) { _ in }
            })
        session.finishTasksAndInvalidate()
    }

    private static func compare(
        _ name: String, size: Int, rounds: Int, baseline: () async throws -> Void, runtime: () async throws -> Void
    ) async throws {
        /// Wall seconds and this process's CPU seconds (the client's work; the server is another process).
        func timed(_ body: () async throws -> Void) async throws -> (wall: Double, cpu: Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            try await body()
            return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, processCPUSeconds() - cpuStart)
        }
        _ = try await timed(baseline)
        _ = try await timed(runtime)
        var baseTimes: [(wall: Double, cpu: Double)] = []
        var runTimes: [(wall: Double, cpu: Double)] = []
        for round in 0..<rounds {
            if round % 2 == 0 {
                baseTimes.append(try await timed(baseline))
                runTimes.append(try await timed(runtime))
            } else {
                runTimes.append(try await timed(runtime))
                baseTimes.append(try await timed(baseline))
            }
        }
        let megabytes = Double(size) / 1e6
        func rate(_ times: [Double]) -> (median: Double, best: Double) {
            let sorted = times.sorted()
            return (megabytes / sorted[sorted.count / 2], megabytes / sorted[0])
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let ratios = zip(baseTimes, runTimes).map { $0.wall / $1.wall }
        let cpuRatios = zip(baseTimes, runTimes).map { $1.cpu / max($0.cpu, 1e-9) }
        let (b, r) = (rate(baseTimes.map(\.wall)), rate(runTimes.map(\.wall)))
        print(
            String(
                format:
                    "%@: baseline %.0f / %.0f MB/s, runtime %.0f / %.0f MB/s (median / best round); runtime ÷ baseline throughput %.3f× (median of rounds)",
                name, b.median, b.best, r.median, r.best, median(ratios)))
        print(
            String(
                format:
                    "%@: client CPU per transfer baseline %.3f s, runtime %.3f s (medians); runtime ÷ baseline CPU %.3f× (median of rounds)",
                name, median(baseTimes.map(\.cpu)), median(runTimes.map(\.cpu)), median(cpuRatios)))
    }

    /// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`).
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func baselineDownload(_ session: URLSession, _ url: URL, to destination: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.downloadTask(with: url) { location, response, error in
                guard let location, (response as? HTTPURLResponse)?.statusCode == 200 else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                _ = rename(location.path, destination.path)
                continuation.resume()
            }.resume()
        }
    }

    private static func baselineUpload(_ session: URLSession, _ request: URLRequest, from file: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.uploadTask(with: request, fromFile: file) { _, response, error in
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume()
            }.resume()
        }
    }

    private static func writePattern(to file: URL, size: Int) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var left = size
        while left > 0 {
            let chunk = block.prefix(left)
            try handle.write(contentsOf: chunk)
            left -= chunk.count
        }
    }
}
