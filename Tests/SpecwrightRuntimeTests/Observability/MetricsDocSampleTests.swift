// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

// The metrics sample of docs/runtime.md ("Metrics"), verbatim: compiled here, run against a stub,
// and the test checks the document still shows exactly these lines.
/// Counts the failed calls of each error category, for the app's own dashboard.
final class FailureCounter: MetricsObserver {
    let counts = Locked<[SpecwrightError.Category: Int]>([:])

    func record(_ event: CallEvent) {
        guard let error = event.error else { return }
        counts.withLock { $0[error.category, default: 0] += 1 }
    }
}

enum MetricsDocSample {
    static func configuration() -> (ClientConfiguration, MetricsAggregator, FailureCounter) {
        let aggregator = MetricsAggregator()
        let failures = FailureCounter()
        let configuration = ClientConfiguration(metrics: [aggregator, failures])
        return (configuration, aggregator, failures)
    }
}

@Suite struct MetricsDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let observer = source.drop { !$0.hasPrefix("/// Counts the failed calls") }.prefix(9)
        let configuration = source.drop { !$0.contains("let aggregator = MetricsAggregator()") }.prefix(3)
        #expect(observer.count == 9 && configuration.count == 3)
        for line in observer + configuration where !line.isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theObserverSeesEveryCallOnceWithItsError() async throws {
        let stub = StubTransport(sequence: [HTTPResponse(status: 200, body: Data("{}".utf8)), HTTPResponse(status: 404)])
        let (sample, aggregator, failures) = MetricsDocSample.configuration()
        var configuration = sample
        configuration.transport = stub
        configuration.logging = .disabled
        configuration.clock = RecordingClock()
        let client = APIClient(service: TestSupport.service(try #require(URL(string: "https://api.example.com"))), configuration: configuration)
        _ = try await client.sendData(TestEndpoint(["books"]))
        await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["books"])) }
        #expect(failures.counts.value == [.http: 1])
        #expect(aggregator.snapshot().total.requests == 2)
    }
}
