import Foundation
import SpecwrightRuntime

/// Point 1 as drf-spectacular documents DRF's authentication classes: every operation lists its
/// alternatives (`tokenAuth`, an API key in `Authorization`; `cookieAuth`, the `sessionid` cookie;
/// `basicAuth`), `AllowAny` adds `{}` (credentials optional), a view without authentication classes
/// has only `{}` (public).
struct SecurityChecks {
    let service: DRFRoundTripClient
    let credentials: Credentials
    let baseURL: URL

    func run() async {
        await check("security.token-login") {
            // Before the login there is no token: the route's alternatives send nothing (a stale
            // `Authorization` would make DRF answer 401 even here). `token` is read-only: DRF ignores it.
            let login = AuthToken(username: "alice", password: "wonder:land", token: "")
            try expectEqual(try await service.auth.authTokenCreate(body: login).token, "token-of-alice")
        }
        // The key the login returns (stored whatever the login check found, so the checks below test their own point).
        credentials.store(apiKey: "Token token-of-alice", named: "Authorization")
        await check("security.login-wrong-password") {
            let error = try await expectStatus(400) {
                _ = try await service.auth.authTokenCreate(body: AuthToken(username: "alice", password: "guess", token: ""))
            }
            try expectEqual(try errorBody(error)["non_field_errors"], .array([.string("Unable to log in with provided credentials.")]))
        }
        await check("security.token-api-key-header") {
            try expectEqual(try await service.auth.authMeRetrieve(), Principal(name: "alice", scheme: "token"))
        }
        await check("security.basic") {
            try expectEqual(try await service.auth.authBasicRetrieve(), Principal(name: "alice", scheme: "basic"))
        }
        await check("security.session-cookie") {
            try expectEqual(try await service.auth.authSessionRetrieve(), Principal(name: "alice", scheme: "session"))
        }
        await check("security.public-route-gets-no-credentials") {
            try expectEqual(try await service.health.healthRetrieve(), Health(status: "ok", credentialsSent: false))
        }
        await check("security.optional-credentials-are-sent") {
            // [{tokenAuth}, {cookieAuth}, {basicAuth}, {}]: the first alternative the app has credentials for.
            let health = try await service.open.openRetrieve()
            try expectEqual(health, Health(status: "open", credentialsSent: true, user: "alice"))
        }
        await check("errors.401-without-credentials") {
            var configuration = ClientConfiguration(baseURL: baseURL)
            configuration.logging.isEnabled = false
            let anonymous = DRFRoundTripClient(configuration: configuration)
            let error = try await expectStatus(401) { _ = try await anonymous.tasks.tasksRetrieve(id: 1) }
            try expectEqual(try errorBody(error)["detail"], .string("Authentication credentials were not provided."))
            let open = try await anonymous.open.openRetrieve()
            try expectEqual(open, Health(status: "open", credentialsSent: false), "optional credentials left out")
        }
        await check("schema.vendor-json-response") {
            let document = try await service.schema.schemaRetrieve(lang: .en)
            try expectEqual(document["openapi"], .string("3.0.3"))
        }
    }
}
