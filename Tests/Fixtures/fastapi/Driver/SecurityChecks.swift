import Foundation
import SpecwrightRuntime

/// Point 1: credentials go only where the document asks for them.
struct SecurityChecks {
    let service: RoundTripServiceClient
    let credentials: Credentials

    func run() async {
        await check("security.login-is-public") {
            let token = try await service.auth.login(username: "alice", password: "wonderland")
            try expectEqual(token, Token(accessToken: "token-of-alice", tokenType: "bearer"))
            credentials.store(token.accessToken)
        }
        await check("security.login-wrong-password") {
            _ = try await expectStatus(400) {
                _ = try await service.auth.login(username: "alice", password: "guess")
            }
        }
        await check("security.bearer") {
            try expectEqual(try await service.auth.readMe(), Principal(name: "alice", scheme: "bearer"))
        }
        await check("security.public-route-gets-no-credentials") {
            try expectEqual(try await service.public.health(), Health(status: "ok", authorizationSent: false))
        }
        await check("security.public-401-starts-no-refresh") {
            _ = try await expectStatus(401) { _ = try await service.public.publicUnauthorized() }
            try expectEqual(credentials.refreshes, 0, "refreshes")
        }
        await check("security.basic") {
            try expectEqual(try await service.auth.basicWhoami(), Principal(name: "alice:wonderland", scheme: "basic"))
        }
        await check("security.api-key-header") {
            try expectEqual(try await service.auth.keyed(), Principal(name: "header-key-1", scheme: "apiKey-header"))
        }
        await check("security.api-key-cookie") {
            try expectEqual(try await service.auth.session(), Principal(name: "cookie-key-1", scheme: "apiKey-cookie"))
        }
    }
}
