import Foundation
import SpecwrightRuntime

/// Point 1 as Django Ninja documents it: the API's default `auth` written on every operation, no
/// top-level `security`, `auth=None` routes with none; Ninja's auth classes (the class name is the
/// scheme's name) and a list of them as alternatives.
struct SecurityChecks {
    let service: DjangoNinjaRoundTripClient
    let credentials: Credentials

    func run() async {
        await check("security.login-is-public") {
            let token = try await service.auth.appLogin(username: "alice", password: "wonderland")
            try expectEqual(token, Token(accessToken: "token-of-alice", tokenType: "bearer"))
            credentials.store(token.accessToken)
        }
        await check("security.login-wrong-password") {
            let error = try await expectStatus(400) {
                _ = try await service.auth.appLogin(username: "alice", password: "guess")
            }
            try expectEqual(error.typedBody(as: Message.self), Message(detail: "wrong user name or password"))
        }
        await check("security.bearer") {
            try expectEqual(try await service.auth.appReadMe(), Principal(name: "alice", scheme: "bearer"))
        }
        await check("security.public-route-gets-no-credentials") {
            try expectEqual(try await service.public.appHealth(), Health(status: "ok", credentialsSent: false))
        }
        await check("security.public-401-starts-no-refresh") {
            let error = try await expectStatus(401) { _ = try await service.public.appPublicUnauthorized() }
            try expectEqual(error.typedBody(as: Message.self), Message(detail: "nobody gets in here"))
            try expectEqual(credentials.refreshes, 0, "refreshes")
        }
        await check("security.basic") {
            try expectEqual(try await service.auth.appBasicWhoami(), Principal(name: "alice:wonder:land", scheme: "basic"))
        }
        await check("security.api-key-header") {
            try expectEqual(try await service.auth.appKeyed(), Principal(name: "header-key-1", scheme: "apiKey-header"))
        }
        await check("security.api-key-query") {
            try expectEqual(try await service.auth.appByQuery(), Principal(name: "query key/1&2", scheme: "apiKey-query"))
        }
        await check("security.api-key-cookie") {
            try expectEqual(try await service.auth.appSession(), Principal(name: "cookie-key-1", scheme: "apiKey-cookie"))
        }
        await check("security.alternatives") {
            // [{BasicAuth}, {ApiKeyQuery}]: the first alternative the app has credentials for.
            try expectEqual(try await service.auth.appEither(), Principal(name: "alice:wonder:land", scheme: "basic"))
        }
    }
}
