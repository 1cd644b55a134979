import Foundation
import SpecwrightRuntime

/// The Litestar driver (Tests/Fixtures/framework-driver/main.swift runs it): the client generated from
/// the service's /schema/openapi.json.
enum FrameworkDriver {
    static let basic = BasicCredentials(username: "alice", password: "wonder:land")
    static let apiKeys = ["X-API-Key": "header-key-1", "api_key": "query key/1&2", "session": "cookie-key-1"]

    static func run(baseURL: URL, credentials: Credentials) async {
        let service = LitestarRoundTripClient(configuration: credentials.configuration(baseURL: baseURL))
        await SecurityChecks(service: service, credentials: credentials).run()
        await BodyChecks(service: service).run()
        await ValueChecks(service: service).run()
    }
}
