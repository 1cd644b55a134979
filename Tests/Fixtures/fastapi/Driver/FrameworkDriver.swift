import Foundation
import SpecwrightRuntime

/// The FastAPI driver (Tests/Fixtures/framework-driver/main.swift runs it): the client generated from
/// the service's /openapi.json, and a second one with an `HTTPCache` for the cache checks.
enum FrameworkDriver {
    static let basic = BasicCredentials(username: "alice", password: "wonderland")
    static let apiKeys = ["X-API-Key": "header-key-1", "session": "cookie-key-1"]

    static func run(baseURL: URL, credentials: Credentials) async {
        let service = RoundTripServiceClient(configuration: credentials.configuration(baseURL: baseURL))
        await SecurityChecks(service: service, credentials: credentials).run()
        await BodyChecks(service: service).run()
        await ValueChecks(service: service).run()
        var cached = credentials.configuration(baseURL: baseURL)
        cached.dataLayer = DataLayerConfiguration(cache: HTTPCache())
        await CacheChecks(service: RoundTripServiceClient(configuration: cached)).run()
    }
}
