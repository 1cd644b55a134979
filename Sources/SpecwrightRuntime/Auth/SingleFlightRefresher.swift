import Foundation

/// Coordinates token refreshes for one client: any number of concurrent 401s share one
/// `refresh` call; a request that was sent with an older token than the latest refreshed one
/// is replayed with the latest token without refreshing again.
final class SingleFlightRefresher: Sendable {
    private struct State: Sendable {
        var inFlight: Task<String, any Error>?
        var latestToken: String?
        var refreshTimes: [TimeInterval] = []
    }

    private let refresh: @Sendable (String?) async throws -> String
    private let window: RefreshWindow
    private let clock: any RuntimeClock
    private let state = Locked(State())

    init(refresh: @escaping @Sendable (String?) async throws -> String, window: RefreshWindow, clock: any RuntimeClock) {
        self.refresh = refresh
        self.window = window
        self.clock = clock
    }

    /// The token to replay with after `rejected` got a 401. Throws `sessionExpired` when the
    /// refresh fails or the refresh window is exhausted.
    func token(afterRejecting rejected: String?) async throws -> String {
        let now = clock.now()
        let step: Step = state.withLock { state in
            if let inFlight = state.inFlight { return .join(inFlight) }
            if let latest = state.latestToken, latest != rejected {
                // Someone refreshed after this request was sent: replay with the newer token.
                return .replay(latest)
            }
            state.refreshTimes.removeAll { now - $0 >= window.window }
            guard state.refreshTimes.count < window.maxRefreshes else { return .refuse }
            state.refreshTimes.append(now)
            let refresh = self.refresh
            let task = Task { try await refresh(rejected) }
            state.inFlight = task
            return .join(task)
        }
        let task: Task<String, any Error>
        switch step {
        case .replay(let token):
            return token
        case .refuse:
            throw SpecwrightError(.sessionExpired("more than \(window.maxRefreshes) token refreshes within \(window.window) s"))
        case .join(let inFlight):
            task = inFlight
        }
        do {
            let token = try await task.value
            state.withLock { state in
                if state.inFlight == task {
                    state.inFlight = nil
                    state.latestToken = token
                }
            }
            return token
        } catch {
            state.withLock { state in
                if state.inFlight == task { state.inFlight = nil }
            }
            throw SpecwrightError(.sessionExpired("token refresh failed: \(error)"))
        }
    }

    private enum Step {
        case join(Task<String, any Error>)
        case replay(String)
        case refuse
    }
}
