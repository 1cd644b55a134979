import Foundation
import SpecwrightRuntime

/// The flask-smorest driver (Tests/Fixtures/framework-driver/main.swift runs it): the client generated
/// from apispec's document at /openapi.json, a second one with only the API key (the alternative of
/// the pets routes), one without credentials, and one with an `HTTPCache` for the ETag checks.
enum FrameworkDriver {
    static let basic = BasicCredentials(username: "alice", password: "unused")
    static let apiKeys = ["X-API-Key": "key-of-alice"]

    static func run(baseURL: URL, credentials: Credentials) async {
        let service = SmorestRoundTripClient(configuration: credentials.configuration(baseURL: baseURL))
        var keyOnly = credentials.configuration(baseURL: baseURL)
        keyOnly.tokenProvider = nil
        var anonymous = ClientConfiguration(baseURL: baseURL)
        anonymous.logging.isEnabled = false
        await SecurityChecks(
            service: service, keyOnly: SmorestRoundTripClient(configuration: keyOnly),
            anonymous: SmorestRoundTripClient(configuration: anonymous), credentials: credentials
        ).run()
        var cached = credentials.configuration(baseURL: baseURL)
        cached.dataLayer = DataLayerConfiguration(cache: HTTPCache())
        await PetChecks(service: service, cached: SmorestRoundTripClient(configuration: cached)).run()
        await UploadChecks(service: service).run()
    }
}
