import Foundation
import SpecwrightRuntime

/// The credentials the driver hands the client, and how often a token refresh was asked for.
final class Credentials: Sendable {
    private let state = Mutex(token: "stale-token-before-login", refreshes: 0)

    var refreshes: Int { state.read { $0.refreshes } }

    func store(_ token: String) { state.update { $0.token = token } }

    func configuration(baseURL: URL) -> ClientConfiguration {
        var configuration = ClientConfiguration(baseURL: baseURL)
        configuration.logging.isEnabled = false
        configuration.tokenProvider = TokenProvider(
            token: { [state] in state.read { $0.token } },
            refresh: { [state] _ in
                state.update { $0.refreshes += 1 }
                return state.read { $0.token }
            }
        )
        configuration.basicCredentialsProvider = { BasicCredentials(username: "alice", password: "wonderland") }
        configuration.apiKeys = { name in
            switch name {
            case "X-API-Key": "header-key-1"
            case "session": "cookie-key-1"
            default: nil
            }
        }
        return configuration
    }
}

/// A lock around the credentials' state.
final class Mutex: @unchecked Sendable {
    // `@unchecked Sendable`: the state is only touched while `lock` is held.
    struct State {
        var token: String
        var refreshes: Int
    }

    private let lock = NSLock()
    private var state: State

    init(token: String, refreshes: Int) {
        state = State(token: token, refreshes: refreshes)
    }

    func read<T>(_ body: (State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(state)
    }

    func update(_ body: (inout State) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&state)
    }
}

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
