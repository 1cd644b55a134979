import Foundation
import SpecwrightRuntime

/// The Django REST framework driver (Tests/Fixtures/framework-driver/main.swift runs it): the client
/// generated from drf-spectacular's document at /api/schema/. DRF's token authentication is an API key
/// in `Authorization` (`Token <key>`); the driver gets the key from DRF's login route.
enum FrameworkDriver {
    static let basic = BasicCredentials(username: "alice", password: "wonder:land")
    /// The session cookie of a session the service opened for alice at start-up.
    static let apiKeys = ["sessionid": "session-of-alice"]

    static func run(baseURL: URL, credentials: Credentials) async {
        let service = DRFRoundTripClient(configuration: credentials.configuration(baseURL: baseURL))
        await SecurityChecks(service: service, credentials: credentials, baseURL: baseURL).run()
        await TaskChecks(service: service, baseURL: baseURL).run()
        await UploadChecks(service: service).run()
        await SampleChecks(service: service).run()
    }
}
