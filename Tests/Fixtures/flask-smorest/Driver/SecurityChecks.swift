import Foundation
import SpecwrightRuntime

/// Credentials go only where the document asks: a top-level `bearerAuth` requirement, routes that
/// override it with `[]` (public) or with alternatives (bearer or the `X-API-Key` header), and one
/// that asks for the API key alone. The service answers which scheme it saw.
struct SecurityChecks {
    let service: SmorestRoundTripClient
    /// A client with the API key but no token.
    let keyOnly: SmorestRoundTripClient
    /// A client without credentials.
    let anonymous: SmorestRoundTripClient
    let credentials: Credentials

    func run() async {
        await check("security.login-is-public") {
            let token = try await service.auth.postAuthLogin(body: Login(username: "alice", password: "wonder:land"))
            try expectEqual(token, Token(accessToken: "token-of-alice", tokenType: "bearer"))
            credentials.store(try require(token.accessToken, "accessToken"))
        }
        await check("security.login-wrong-password") {
            let error = try await expectStatus(401) {
                _ = try await service.auth.postAuthLogin(body: Login(username: "alice", password: "guess"))
            }
            try expectEqual(try errorBody(error)["message"], .string("wrong username or password"))
            try expectEqual(credentials.refreshes, 0, "a public route's 401 starts no refresh")
        }
        await check("security.bearer") {
            try expectEqual(
                try await service.auth.getAuthMe(), Principal(name: "alice", scheme: "bearer", credentialsSent: true))
        }
        await check("security.api-key-header") {
            // The route asks for the API key alone: the token is not sent with it.
            try expectEqual(
                try await service.auth.getAuthKey(), Principal(name: "alice", scheme: "key", credentialsSent: false))
        }
        await check("security.public-route-gets-no-credentials") {
            try expectEqual(
                try await service.health.getHealth(),
                Principal(name: "anonymous", scheme: "none", credentialsSent: false))
        }
        await check("security.api-key-alternative") {
            // `[{bearerAuth: []}, {apiKeyAuth: []}]`: a client without a token uses the key.
            try expectEqual(try await keyOnly.pets.getPets(), [])
        }
        await check("errors.401-without-credentials") {
            let error = try await expectStatus(401) { _ = try await anonymous.auth.getAuthMe() }
            try expectEqual(
                error.typedBody(as: ErrorModel.self),
                ErrorModel(code: 401, status: "Unauthorized", message: "credentials required"))
        }
    }
}
