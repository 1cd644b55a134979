import Foundation
import SpecwrightRuntime

/// The credentials the driver hands the client, and how often a token refresh was asked for.
final class Credentials: Sendable {
    private let state: Mutex
    /// The HTTP basic credentials.
    let basic: BasicCredentials

    /// `apiKeys`: the API key of each name the driver has from the start.
    init(basic: BasicCredentials, apiKeys: [String: String]) {
        self.basic = basic
        state = Mutex(token: "stale-token-before-login", refreshes: 0, apiKeys: apiKeys)
    }

    var refreshes: Int { state.read { $0.refreshes } }

    /// Stores the bearer token a login returned.
    func store(_ token: String) { state.update { $0.token = token } }

    /// Stores an API key a login returned (DRF's `Authorization: Token <key>`).
    func store(apiKey: String, named name: String) { state.update { $0.apiKeys[name] = apiKey } }

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
        configuration.basicCredentialsProvider = { [basic] in basic }
        configuration.apiKeys = { [state] name in state.read { $0.apiKeys[name] } }
        return configuration
    }
}

/// A lock around the credentials' state.
final class Mutex: @unchecked Sendable {
    // `@unchecked Sendable`: the state is only touched while `lock` is held.
    struct State {
        var token: String
        var refreshes: Int
        var apiKeys: [String: String]
    }

    private let lock = NSLock()
    private var state: State

    init(token: String, refreshes: Int, apiKeys: [String: String]) {
        state = State(token: token, refreshes: refreshes, apiKeys: apiKeys)
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
