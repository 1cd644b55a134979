import Foundation
import Testing
@testable import SpecwrightRuntime

/// The fixture server's gate body.
private struct RemoteConfig: Decodable, Sendable, Equatable {
    var minimumVersion: String
    /// The how-many-th request of the scenario answered it.
    var served: Int
}

/// Issue #15 point 8: the gate hands its config to the app (a value and an observable), refreshes
/// it on the expiry the endpoint declares, shares the fetch with the app's own call of the gate
/// endpoint, and its call runs with the retry policy — counted on the server side.
@Suite("Config gate: the config for the app")
struct GateConfigTests {
    private static func gateEndpoint(maxAge: TimeInterval? = nil) -> TestEndpoint {
        var endpoint = TestEndpoint(["gate"], options: EndpointOptions(auth: .none, isGate: true, gateMaxAge: maxAge))
        endpoint.operationName = "config.load"
        return endpoint
    }

    private static let read = TestEndpoint(["echo"])

    @Test(.timeLimit(.minutes(1)))
    func theAppsOwnGateCallSharesTheGatesFetchAndGetsItsConfig() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let gate = ConfigGate(endpoint: Self.gateEndpoint())
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        #expect(try client.gateConfig(as: RemoteConfig.self) == nil)

        // A screen's first read and the app's own config call, at the same time: one gate call.
        async let read = client.sendData(Self.read)
        async let own = client.send(Self.gateEndpoint(), as: RemoteConfig.self)
        let (_, config) = try await (read, own)
        #expect(try await server.hits(sid, "gate") == 1)
        #expect(try client.gateConfig(as: RemoteConfig.self) == config)

        // While the gate is open the app's call is answered with the config the gate holds.
        #expect(try await client.send(Self.gateEndpoint(), as: RemoteConfig.self) == config)
        #expect(try await server.hits(sid, "gate") == 1)

        // Pull-to-refresh of the config, and an explicit refresh, fetch anew.
        let reloaded = try await client.send(Self.gateEndpoint(), as: RemoteConfig.self, cache: .reload)
        #expect(reloaded.served > config.served)
        #expect(try client.gateConfig(as: RemoteConfig.self) == reloaded)
        try await client.refreshGate()
        #expect(try await server.hits(sid, "gate") == 3)
        #expect(try client.gateConfig(as: RemoteConfig.self)?.served ?? 0 > reloaded.served)
        #expect(gate.gateCalls == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func observingTheConfigOpensTheGateAndTheDeclaredExpiryRefreshesIt() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        // The spec's `gate: { maxAge: 0.5 }`, carried by the endpoint's options.
        let gate = ConfigGate(endpoint: Self.gateEndpoint(maxAge: 0.5))
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        var updates = client.gateConfigUpdates(as: RemoteConfig.self).makeAsyncIterator()

        let ready = try #require(try await updates.next())  // observing opens the gate: "config ready"
        #expect(gate.expiresAt != nil)  // opened, with the declared expiry (it may have passed already)
        let refreshed = try #require(try await updates.next())  // the opening expired: fetched again
        #expect(refreshed.served > ready.served)
        #expect(try await server.hits(sid, "gate") >= 2)
        #expect(try await server.hits(sid, "echo") == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func anObservedConfigIsFetchedAgainAfterASignOut() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let gate = ConfigGate(endpoint: Self.gateEndpoint())
        let client = DataSupport.client(server, sid: sid, dataLayer: DataLayerConfiguration(gate: gate))
        _ = try await client.sendData(Self.read)
        var updates = client.gateConfigUpdates(as: RemoteConfig.self).makeAsyncIterator()
        let held = try #require(try await updates.next())  // the held config at once, no request
        #expect(try await server.hits(sid, "gate") == 1)

        _ = await client.signOut()
        let fetched = try #require(try await updates.next())
        #expect(fetched.served > held.served)
        #expect(try await server.hits(sid, "gate") == 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func theGateCallIsRetriedWithTheServicesRetryPolicy() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        var gateQuery = QueryParameters()
        gateQuery.append("statuses", "503,200")
        let gate = ConfigGate(
            endpoint: TestEndpoint(["sequence"], query: gateQuery, options: EndpointOptions(isGate: true)))
        let service = ServiceDescription(
            name: "Data", baseURL: server.scenarioURL(sid), timeout: 10,
            retry: RetryPolicy(maxRetries: 2, baseDelay: 0.01, maxDelay: 0.05))
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                logging: .disabled, clock: RecordingClock(), dataLayer: DataLayerConfiguration(gate: gate)))
        _ = try await client.sendData(Self.read)
        #expect(try await server.hits(sid, "sequence") == 2)
        #expect(gate.isOpen && gate.gateCalls == 1)
    }
}
