import Foundation
import SpecwrightRuntime

/// The credentials the driver hands the client, and how often a token refresh was asked for.
final class Credentials: Sendable {
    private let state = Mutex(token: "stale-token-before-login", refreshes: 0)
    /// The HTTP basic credentials.
    let basic: BasicCredentials
    /// The API key of each name.
    let apiKeys: [String: String]

    init(basic: BasicCredentials, apiKeys: [String: String]) {
        self.basic = basic
        self.apiKeys = apiKeys
    }

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
        configuration.basicCredentialsProvider = { [basic] in basic }
        configuration.apiKeys = { [apiKeys] name in apiKeys[name] }
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
