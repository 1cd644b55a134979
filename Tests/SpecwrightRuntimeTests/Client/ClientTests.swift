import Foundation
import SpecwrightRuntime
import Testing

@Suite("APIClient concurrency and metrics")
struct ClientTests {
    @Test(.timeLimit(.minutes(1)))
    func thousandConcurrentCallsOverlapInsteadOfRunningOneAtATime() async throws {
        let count = 1_000
        let barrier = Barrier(count: count)
        let stub = StubTransport(recordsRequests: false) { _ in
            await barrier.arriveAndWait()
            return HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8))
        }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: ClientConfiguration(transport: stub, logging: .disabled))
        // If the client serialized calls, the barrier would never fill: it opens after 10 s anyway.
        let releaser = Task {
            try await Task.sleep(nanoseconds: 10_000_000_000)
            await barrier.open()
        }
        let successes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask { (try? await client.send(TestEndpoint(["x"]), as: AttemptBody.self)) == nil ? 0 : 1 }
            }
            return await group.reduce(0, +)
        }
        releaser.cancel()
        #expect(successes == count)
        #expect(await barrier.maxWaiting == count)
    }

    @Test func metricsReportAttemptsRetriesBytesAndLatencyPercentiles() async throws {
        let aggregator = MetricsAggregator()
        let events = LockedBox<[CallEvent]>([])
        struct Forward: MetricsObserver {
            let events: LockedBox<[CallEvent]>
            func record(_ event: CallEvent) { events.withLock { $0.append(event) } }
        }
        let calls = LockedBox(0)
        let stub = StubTransport { request in
            let n = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if request.url.path.hasSuffix("missing") { return HTTPResponse(status: 404) }
            return n == 1 ? HTTPResponse(status: 503) : HTTPResponse(status: 200, body: Data(#"{"attempt":2}"#.utf8))
        }
        let configuration = ClientConfiguration(
            transport: stub, logging: .disabled, metrics: [aggregator, Forward(events: events)], clock: RecordingClock()
        )
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: configuration)
        _ = try await client.send(TestEndpoint(["x"], method: .put, body: .json(["a": 1])), as: AttemptBody.self)
        _ = try await client.send(TestEndpoint(["x"]), as: AttemptBody.self)
        await #expect(throws: SpecwrightError.self) { try await client.send(TestEndpoint(["missing"])) }
        let snapshot = aggregator.snapshot()
        #expect(snapshot.calls == 3)
        #expect(snapshot.failures == 1)
        #expect(abs(snapshot.errorRate - 1.0 / 3.0) < 1e-9)
        #expect(snapshot.attemptsDistribution == [2: 1, 1: 2])
        #expect(snapshot.retryReasons == ["HTTP 503": 1])
        #expect(snapshot.total.p99 >= snapshot.total.p90 && snapshot.total.p90 >= snapshot.total.p50)
        let first = try #require(events.withLock { $0.first })
        #expect(first.operationName == "test.call")
        #expect(first.metadata.attempts == 2)
        #expect(first.metadata.bytesSent == 2 * #"{"a":1}"#.utf8.count)
        #expect(first.metadata.bytesReceived == #"{"attempt":2}"#.utf8.count)
        #expect(first.metadata.cacheStatus == .notConsulted)
        #expect(first.duration == 0.5)  // the recording clock advanced only by the backoff
        #expect(events.withLock { $0.last?.error?.status } == 404)
    }

    @Test func percentilesUseNearestRankWithinOneHistogramBucket() {
        let aggregator = MetricsAggregator()
        for index in 1...100 {
            aggregator.record(
                CallEvent(
                    operationName: "o", method: .get, status: 200, duration: Double(index),
                    metadata: ResponseMetadata(attempts: 1), error: nil))
        }
        let metrics = aggregator.snapshot().total
        #expect(abs(metrics.p50 - 50) <= 50.0 / 32)
        #expect(abs(metrics.p90 - 90) <= 90.0 / 32)
        #expect(abs(metrics.p99 - 99) <= 99.0 / 32)
    }

    @Test func callStagesWrapTheAttemptLoopOutermostFirstAndMayAnswerWithoutTheNetwork() async throws {
        struct Tag: CallStage {
            let name: String
            let journal: LockedBox<[String]>
            func handle(_ context: CallContext, next: CallHandler) async throws -> HTTPResponse {
                journal.withLock { $0.append("→\(name)") }
                var context = context
                context.request.headers.append(HTTPHeader("X-Stage", name))
                let response = try await next(context)
                journal.withLock { $0.append("←\(name)") }
                return response
            }
        }
        struct CacheHit: CallStage {
            func handle(_ context: CallContext, next: CallHandler) async throws -> HTTPResponse {
                guard context.request.url.path == "/cached" else { return try await next(context) }
                context.trace.setCacheStatus(.hit)
                return HTTPResponse(status: 200, body: Data(#"{"attempt":0}"#.utf8))
            }
        }
        let journal = LockedBox<[String]>([])
        let stub = StubTransport(json: Data(#"{"attempt":1}"#.utf8))
        let configuration = ClientConfiguration(
            transport: stub,
            stages: [Tag(name: "outer", journal: journal), Tag(name: "inner", journal: journal), CacheHit()],
            logging: .disabled)
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com"))),
            configuration: configuration)
        _ = try await client.send(TestEndpoint(["x"]), as: AttemptBody.self)
        #expect(journal.withLock { $0 } == ["→outer", "→inner", "←inner", "←outer"])
        #expect(stub.requests.first?.headers.filter { $0.name == "X-Stage" }.map(\.value) == ["outer", "inner"])
        let cached = try await client.response(TestEndpoint(["cached"]), as: AttemptBody.self)
        #expect(cached.value.attempt == 0)
        #expect(cached.attempts == 0)
        #expect(cached.metadata.cacheStatus == .hit)
        #expect(stub.requests.count == 1)
    }
}

/// Suspends arrivals until `count` have arrived (or `open()` is called); remembers the most
/// that were waiting at once.
private actor Barrier {
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private(set) var maxWaiting = 0

    init(count: Int) {
        self.count = count
    }

    func arriveAndWait() async {
        if isOpen { return }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            maxWaiting = max(maxWaiting, waiting.count)
            if waiting.count >= count { open() }
        }
    }

    func open() {
        isOpen = true
        let all = waiting
        waiting = []
        for continuation in all { continuation.resume() }
    }
}

/// The clock from docs/runtime.md ("Testing apps"), kept compiling here.
private struct InstantClock: RuntimeClock {
    func now() -> TimeInterval { 0 }
    func sleep(for seconds: TimeInterval) async throws { try Task.checkCancellation() }
}

@Test func theDocumentedTestingSetupRunsRetryPathsInstantly() async throws {
    let json = Data(#"{"attempt":2}"#.utf8)
    let stub = StubTransport(sequence: [HTTPResponse(status: 503), HTTPResponse(status: 200, body: json)])
    let service = ServiceDescription(name: "Bookstore", baseURL: try #require(URL(string: "https://api.example.com")))
    let client = APIClient(
        service: service, configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: InstantClock())
    )
    let response = try await client.response(TestEndpoint(["books"]), as: AttemptBody.self)
    #expect(response.value.attempt == 2)
    #expect(response.attempts == 2)
}
