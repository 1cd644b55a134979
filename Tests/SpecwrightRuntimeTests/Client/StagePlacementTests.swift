import Foundation
import Testing
@testable import SpecwrightRuntime

/// The app's stages before and after the data layer (`ClientConfiguration.stagesBeforeDataLayer`
/// and `.stages`), against the fixture server: what each placement sees of the gate, the
/// envelope and the cache.
@Suite("App stages before and after the data layer")
struct StagePlacementTests {
    /// Records, per call it sees, the last path segment and whether the body it got back was
    /// still an envelope (has a `code` member).
    final class Journal: Sendable {
        private let entries = Locked<[String]>([])
        var all: [String] { entries.value }
        func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    }

    struct Recording: CallStage {
        let journal: Journal

        func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
            let response = try await next(context)
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            let shape = object?["code"] != nil ? "envelope" : "data"
            journal.record("\(context.request.url.lastPathComponent):\(shape)")
            return response
        }
    }

    private static let envelope = EnvelopeFormat(
        codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [40101])

    private static func client(
        _ server: FixtureServer, sid: String, dataLayer: DataLayerConfiguration = DataLayerConfiguration(),
        envelope: EnvelopeFormat? = nil, before: Journal, after: Journal
    ) -> APIClient {
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), envelope: envelope, timeout: 10, retry: .none)
        var configuration = ClientConfiguration(logging: .disabled, clock: RecordingClock(), dataLayer: dataLayer)
        configuration.stagesBeforeDataLayer = [Recording(journal: before)]
        configuration.stages = [Recording(journal: after)]
        return APIClient(service: service, configuration: configuration)
    }

    @Test(.timeLimit(.minutes(1)))
    func aStageBeforeTheDataLayerSeesCacheHitsOneAfterItOnlyNetworkCalls() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stage-placement-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = HTTPCache(fileURL: directory.appendingPathComponent("cache.sqlite"))
        let before = Journal()
        let after = Journal()
        let client = Self.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(cache: cache), before: before, after: after)

        let cached = DataSupport.cached(cc: "max-age=3600", policy: .cacheFirst(ttl: 0))
        let first = try await client.response(cached, as: CachedBody.self)
        let second = try await client.response(cached, as: CachedBody.self)
        #expect(first.metadata.cacheStatus == .miss && second.metadata.cacheStatus == .hit)
        #expect(first.value == second.value)

        #expect(before.all == ["cached:data", "cached:data"])
        #expect(after.all == ["cached:data"])
        #expect(try await server.hits(sid, "cached") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aStageBeforeTheDataLayerSeesTheUnwrappedBodyOneAfterItTheEnvelope() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let before = Journal()
        let after = Journal()
        let client = Self.client(server, sid: sid, envelope: Self.envelope, before: before, after: after)

        #expect(try await client.send(TestEndpoint(["envelope"]), as: AttemptBody.self) == AttemptBody(attempt: 1))

        #expect(before.all == ["envelope:data"])
        #expect(after.all == ["envelope:envelope"])
    }

    @Test(.timeLimit(.minutes(1)))
    func theGateCallRunsThroughTheStagesAfterTheDataLayerOnly() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let gate = ConfigGate(endpoint: TestEndpoint(["gate"], options: EndpointOptions(isGate: true)))
        let before = Journal()
        let after = Journal()
        let client = Self.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate), before: before, after: after)

        _ = try await client.sendData(TestEndpoint(["echo"]))
        _ = try await client.sendData(TestEndpoint(["echo"]))

        #expect(before.all == ["echo:data", "echo:data"])
        #expect(after.all == ["gate:data", "echo:data", "echo:data"])
        #expect(try await server.hits(sid, "gate") == 1)
        let paths = try await server.stats(sid).requests.map { URL(string: $0.path)?.lastPathComponent ?? $0.path }
        #expect(paths == ["gate", "echo", "echo"])
    }
}
