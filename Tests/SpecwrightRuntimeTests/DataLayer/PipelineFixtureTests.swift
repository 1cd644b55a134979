import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("De-duplication, gate, envelope and batches against the fixture server")
struct PipelineFixtureTests {
    private static let envelope = EnvelopeFormat(
        codeKey: "code", messageKey: "message", dataKey: "data", successCodes: [0], sessionExpiredCodes: [40101, 40102])

    @Test(.timeLimit(.minutes(1)))
    func hundredConcurrentIdenticalGetsReachTheServerOnce() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(deduplicatesReads: true))
        // The server answers after 1 s, so all 100 callers join the one call even on a loaded machine.
        let endpoint = DataSupport.cached(cc: "no-store", policy: .networkOnly, delay: 1.0)
        let bodies = try await withThrowingTaskGroup(of: CachedBody.self) { group in
            for _ in 0..<100 {
                group.addTask { try await client.send(endpoint, as: CachedBody.self) }
            }
            return try await group.reduce(into: [CachedBody]()) { $0.append($1) }
        }
        #expect(bodies.count == 100 && Set(bodies).count == 1)
        #expect(try await server.hits(sid, "cached") == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func fiftyConcurrentFirstRequestsMakeOneGateCall() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var gateQuery = QueryParameters()
        gateQuery.append("delay", 0.2)
        let gate = ConfigGate(
            endpoint: TestEndpoint(["gate"], query: gateQuery, options: EndpointOptions(isGate: true)))
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try await client.sendData(TestEndpoint(["echo"])) }
            }
            try await group.waitForAll()
        }
        #expect(try await server.hits(sid, "gate") == 1)
        #expect(try await server.hits(sid, "echo") == 50)
        let requests = try await server.stats(sid).requests
        #expect(requests.first?.path.contains("/gate") == true)
        #expect(gate.isOpen && gate.gateCalls == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailingGateFailsEveryRequestAsConfigUnavailableAndNothingElseReachesTheServer() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var gateQuery = QueryParameters()
        gateQuery.append("fail", 1)
        // Slow enough that all 50 requests wait for this one gate call even on a loaded machine.
        gateQuery.append("delay", 1.0)
        let gate = ConfigGate(
            endpoint: TestEndpoint(["gate"], query: gateQuery, options: EndpointOptions(isGate: true)))
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        let categories = await withTaskGroup(of: SpecwrightError.Category?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do {
                        _ = try await client.sendData(TestEndpoint(["echo"]))
                        return nil
                    } catch {
                        return (error as? SpecwrightError)?.category
                    }
                }
            }
            return await group.reduce(into: [SpecwrightError.Category?]()) { $0.append($1) }
        }
        #expect(categories == Array(repeating: .configUnavailable, count: 50))
        #expect(try await server.hits(sid, "gate") == 1)
        #expect(try await server.hits(sid, "echo") == 0)
        await #expect(throws: SpecwrightError.self) { try await client.sendData(TestEndpoint(["echo"])) }
        #expect(try await server.hits(sid, "gate") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func theGateLearnsTheGateEndpointTheAppCallsAndReopensItAfterReset() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let gate = ConfigGate()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        _ = try await client.sendData(TestEndpoint(["gate"], options: EndpointOptions(isGate: true)))
        #expect(gate.isOpen)
        client.configuration.dataLayer.didLogOut(account: "anyone")
        #expect(!gate.isOpen)
        _ = try await client.sendData(TestEndpoint(["echo"]))
        #expect(try await server.hits(sid, "gate") == 2)
        #expect(gate.isOpen)
    }

    @Test(.timeLimit(.minutes(1)))
    func twentySessionExpiredFailuresPublishExactlyOneEvent() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let session = SessionExpiry()
        let events = session.events
        let client = DataSupport.client(
            server, sid: sid, dataLayer: DataLayerConfiguration(session: session), envelope: Self.envelope)
        var query = QueryParameters()
        query.append("code", 40101)
        query.append("message", "token expired")
        let expired = TestEndpoint(["envelope"], query: query)
        let categories = await withTaskGroup(of: SpecwrightError.Category?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await client.send(expired, as: AttemptBody.self)
                        return nil
                    } catch {
                        return (error as? SpecwrightError)?.category
                    }
                }
            }
            return await group.reduce(into: [SpecwrightError.Category?]()) { $0.append($1) }
        }
        #expect(categories == Array(repeating: .sessionExpired, count: 20))
        #expect(session.publishedCount == 1)
        var iterator = events.makeAsyncIterator()
        let event = await iterator.next()
        #expect(event?.reason == .businessCode(40101, message: "token expired"))
        #expect(try await server.hits(sid, "envelope") == 20)
    }

    @Test(.timeLimit(.minutes(1)))
    func envelopeSuccessDecodesDataAndBusinessCodesBecomeBusinessErrors() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(), envelope: Self.envelope)
        var ok = QueryParameters()
        ok.append("code", 0)
        #expect(
            try await client.send(TestEndpoint(["envelope"], query: ok), as: AttemptBody.self)
                == AttemptBody(attempt: 1))
        var failing = QueryParameters()
        failing.append("code", 1003)
        failing.append("message", "out of stock")
        await #expect {
            try await client.send(TestEndpoint(["envelope"], query: failing), as: AttemptBody.self)
        } throws: { error in
            guard case let .business(code, message)? = (error as? SpecwrightError)?.kind else { return false }
            return code == 1003 && message == "out of stock"
        }
    }

    private struct Item: Codable, Sendable, Hashable {
        var id: String
    }

    @Test(.timeLimit(.minutes(1)))
    func twoHundredFiftyIdsInBatchesOfHundredMakeThreeCallsAtMostTwoAtOnceInOrder() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration())
        let ids = (1...250).map { String(format: "id-%03d", $0) }
        let items = try await BatchLoader.load(ids, options: BatchOptions(size: 100, concurrency: 2, timeout: 30)) {
            chunk in
            var query = QueryParameters()
            query.append("ids", chunk)
            query.append("delay", 0.2)
            return try await client.send(TestEndpoint(["batch"], query: query), as: [Item].self)
        }
        #expect(items.map(\.id) == ids)
        let stats = try await server.dataStats(sid)
        #expect(stats.batchCalls == 3)
        #expect(stats.batchPeak == 2)
    }
}
