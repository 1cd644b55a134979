// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

// The stage sample of docs/runtime.md ("Stages around the attempt loop"), verbatim: compiled here,
// run against a stub, and the test checks the document still shows exactly these lines.
struct CallTimer: CallStage {
    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        defer { print(context.operationName, ContinuousClock.now - start) }
        return try await next(context)
    }
}

final class NetworkCallCounter: CallStage {
    let count = Locked(0)
    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        count.withLock { $0 += 1 }
        return try await next(context)
    }
}

enum StageDocSample {
    static func configuration() -> ClientConfiguration {
        var configuration = ClientConfiguration()
        configuration.stagesBeforeDataLayer = [CallTimer()]   // sees cache hits too
        configuration.stages = [NetworkCallCounter()]          // sees only network calls
        return configuration
    }
}

@Suite struct StageDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let stages = source.drop { !$0.hasPrefix("struct CallTimer") }.prefix(15)
        let configuration = source.drop { !$0.contains("var configuration = ClientConfiguration()") }.prefix(3)
        #expect(stages.count == 15 && configuration.count == 3)
        for line in stages + configuration where !line.isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theCounterSeesOnlyTheCallsThatGoToTheNetwork() async throws {
        let stub = StubTransport { _ in
            HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("{}".utf8))
        }
        var configuration = StageDocSample.configuration()
        configuration.transport = stub
        configuration.logging = .disabled
        configuration.dataLayer = DataLayerConfiguration(cache: HTTPCache())
        let client = APIClient(service: TestSupport.service(try #require(URL(string: "https://api.example.com"))), configuration: configuration)
        let endpoint = TestEndpoint(["books"], options: EndpointOptions(cache: .cacheFirst(ttl: 60)))
        _ = try await client.sendData(endpoint)
        _ = try await client.sendData(endpoint)   // a fresh hit: the timer sees it, the counter does not
        let counter = try #require(configuration.stages.first as? NetworkCallCounter)
        #expect(counter.count.value == 1)
        #expect(stub.requests.count == 1)
    }
}
