import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// The generated Petstore 3 endpoints against the fixture server on 127.0.0.1, which records the
/// `Authorization` and `api_key` headers of every route. The document asks for OAuth 2 on the pet
/// routes, `api_key` on the inventory, either on `getPetById`, and nothing on the user routes.
/// The base URL points at the server's scripted `status/<code>` behaviour, so every route answers
/// that status; the bodies are not decoded (`sendData`), only what was sent is checked.
@Suite("Petstore 3 client: credentials only where the document asks for them", .timeLimit(.minutes(1)))
struct Petstore3SecurityFixtureTests {
    private static func client(
        _ server: FixtureServer, sid: String, status: Int, refreshes: LockedBox<Int>,
        token: Bool = true, apiKey: Bool = true
    ) -> APIClient {
        var configuration = ClientConfiguration(
            baseURL: server.scenarioURL(sid).appendingPathComponent("status").appendingPathComponent(String(status)),
            retryPolicy: RetryPolicy.none, logging: .disabled)
        if token {
            configuration.tokenProvider = TokenProvider(
                token: { "user-token" },
                refresh: { _ in
                    refreshes.withLock { $0 += 1 }
                    return "refreshed"
                })
        }
        if apiKey { configuration.apiKeyProvider = { "store-key" } }
        return APIClient(service: SwaggerPetstoreOpenAPI30Client.service, configuration: configuration)
    }

    /// `(route, Authorization, api_key)` of every recorded request, in order.
    private static func sent(_ server: FixtureServer, _ sid: String) async throws -> [String] {
        try await server.stats(sid).requests.map { request in
            let route = request.path.split(separator: "/").dropFirst(3).joined(separator: "/")
            return "\(route) auth=\(request.headers["authorization"] ?? "-") key=\(request.headers["api_key"] ?? "-")"
        }
    }

    @Test func publicRoutesGetNoCredentialsAndProtectedRoutesTheirOwn() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid, status: 200, refreshes: LockedBox(0))
        _ = try await client.sendData(UserEndpoint.loginUser(username: "ann", password: "pw"))
        _ = try await client.sendData(UserEndpoint.logoutUser)
        _ = try await client.sendData(PetEndpoint.findPetsByStatus(status: .sold))
        _ = try await client.sendData(StoreEndpoint.getInventory)
        _ = try await client.sendData(PetEndpoint.getPetById(petId: 7))
        #expect(
            try await Self.sent(server, sid) == [
                "user/login?username=ann&password=pw auth=- key=-",
                "user/logout auth=- key=-",
                "pet/findByStatus?status=sold auth=Bearer user-token key=-",
                "store/inventory auth=- key=store-key",
                "pet/7 auth=- key=store-key"  // the first alternative the app configured: api_key
            ])
    }

    @Test func getPetByIdFallsBackToTheBearerTokenWithoutAnAPIKey() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = Self.client(server, sid: sid, status: 200, refreshes: LockedBox(0), apiKey: false)
        _ = try await client.sendData(PetEndpoint.getPetById(petId: 7))
        #expect(try await Self.sent(server, sid) == ["pet/7 auth=Bearer user-token key=-"])
    }

    @Test func a401FromAPublicRouteStartsNoRefreshButOneFromAnOAuthRouteDoes() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refreshes = LockedBox(0)
        let client = Self.client(server, sid: sid, status: 401, refreshes: refreshes)
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.sendData(UserEndpoint.loginUser(username: "ann", password: "bad"))
        }
        await #expect(throws: SpecwrightError.self) { _ = try await client.sendData(StoreEndpoint.getInventory) }
        #expect(refreshes.withLock { $0 } == 0)
        #expect(try await server.stats(sid).hits == 2)
        await #expect(throws: SpecwrightError.self) {
            _ = try await client.sendData(PetEndpoint.findPetsByStatus(status: .sold))
        }
        #expect(refreshes.withLock { $0 } == 1)
        #expect(
            try await Self.sent(server, sid).suffix(2) == [
                "pet/findByStatus?status=sold auth=Bearer user-token key=-",
                "pet/findByStatus?status=sold auth=Bearer refreshed key=-"
            ])
    }
}
