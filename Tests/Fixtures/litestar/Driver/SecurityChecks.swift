import Foundation
import SpecwrightRuntime

/// Point 1 as Litestar documents it: per-handler `security`, `security=[]` on the login route,
/// OAuth2 with a scope, basic, API keys in header, query and cookie, alternatives and a combination.
struct SecurityChecks {
    let service: LitestarRoundTripClient
    let credentials: Credentials

    func run() async {
        await check("security.login-is-public") {
            let token = try await service.auth.login(username: "alice", password: "wonderland")
            try expectEqual(token, Token(accessToken: "token-of-alice", tokenType: "bearer"))
            credentials.store(token.accessToken)
        }
        await check("security.login-wrong-password") {
            _ = try await expectStatus(400) { _ = try await service.auth.login(username: "alice", password: "guess") }
        }
        await check("security.oauth2-bearer") {
            try expectEqual(try await service.auth.readMe(), Principal(name: "alice", scheme: "bearer"))
        }
        await check("security.public-route-gets-no-credentials") {
            try expectEqual(try await service.public.health(), Health(status: "ok", credentialsSent: false))
        }
        await check("security.public-401-starts-no-refresh") {
            _ = try await expectStatus(401) { _ = try await service.public.publicUnauthorized() }
            try expectEqual(credentials.refreshes, 0, "refreshes")
        }
        await check("security.basic") {
            try expectEqual(try await service.auth.basicWhoami(), Principal(name: "alice:wonder:land", scheme: "basic"))
        }
        await check("security.api-key-header") {
            try expectEqual(try await service.auth.keyed(), Principal(name: "header-key-1", scheme: "apiKey-header"))
        }
        await check("security.api-key-query") {
            try expectEqual(try await service.auth.byQuery(), Principal(name: "query key/1&2", scheme: "apiKey-query"))
        }
        await check("security.api-key-cookie") {
            try expectEqual(try await service.auth.session(), Principal(name: "cookie-key-1", scheme: "apiKey-cookie"))
        }
        await check("security.alternatives") {
            // [{ApiKeyQuery}, {Basic}]: the first alternative the app has credentials for.
            try expectEqual(try await service.auth.either(), Principal(name: "query key/1&2", scheme: "apiKey-query"))
        }
        await check("security.combination") {
            // [{ApiKeyHeader, ApiKeyQuery}]: both keys on the same request.
            try expectEqual(try await service.auth.both(), Principal(name: "header-key-1+query key/1&2", scheme: "both"))
        }
    }
}
