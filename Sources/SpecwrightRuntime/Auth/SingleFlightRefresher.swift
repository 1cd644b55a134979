import Foundation

/// Coordinates token refreshes for one client: any number of concurrent 401s share one
/// `refresh` call; a request that was sent with an older token than the latest refreshed one
/// is replayed with the latest token without refreshing again.
///
/// Nothing here can hang a call: the refresh has its own deadline (`refreshTimeout`), after
/// which it is cancelled and dropped, so the next 401 starts a new one (still one at a time,
/// and still counted by the `RefreshWindow`); every waiting call also gives up at its own
/// deadline or cancellation, while the refresh goes on for the others.
final class SingleFlightRefresher: Sendable {
    private struct State: Sendable {
        var inFlight: RefreshFlight?
        var latestToken: String?
        var refreshTimes: [TimeInterval] = []
    }

    private enum Step {
        case wait(RefreshFlight)
        case replay(String)
        case refuse
    }

    private let refresh: @Sendable (String?) async throws -> String
    private let window: RefreshWindow
    private let refreshTimeout: TimeInterval
    private let clock: any RuntimeClock
    private let state = Locked(State())

    /// `refreshTimeout` is validated: NaN, zero or negative → `ClientConfiguration.defaultRefreshTimeout`.
    init(
        refresh: @escaping @Sendable (String?) async throws -> String, window: RefreshWindow, refreshTimeout: TimeInterval,
        clock: any RuntimeClock
    ) {
        self.refresh = refresh
        self.window = window
        self.refreshTimeout = refreshTimeout > 0 ? refreshTimeout : ClientConfiguration.defaultRefreshTimeout
        self.clock = clock
    }

    /// The token to replay with after `rejected` got a 401, waiting at most `maxWait` seconds
    /// (the call's own deadline). Throws `sessionExpired` when the refresh fails or the refresh
    /// window is exhausted, `timeout` when the refresh or the wait ran out of time, `cancelled`
    /// when the caller is cancelled.
    func token(afterRejecting rejected: String?, maxWait: TimeInterval) async throws(SpecwrightError) -> String {
        let now = clock.now()
        let step: Step = state.withLock { state in
            if let flight = state.inFlight { return .wait(flight) }
            if let latest = state.latestToken, latest != rejected {
                // Someone refreshed after this request was sent: replay with the newer token.
                return .replay(latest)
            }
            state.refreshTimes.removeAll { now - $0 >= window.window }
            guard state.refreshTimes.count < window.maxRefreshes else { return .refuse }
            state.refreshTimes.append(now)
            let flight = RefreshFlight()
            state.inFlight = flight
            start(flight, rejected: rejected)
            return .wait(flight)
        }
        switch step {
        case .replay(let token):
            return token
        case .refuse:
            throw SpecwrightError(.sessionExpired("more than \(window.maxRefreshes) token refreshes within \(window.window) s"))
        case .wait(let flight):
            do {
                return try await flight.wait(atMost: maxWait)
            } catch RefreshWaitError.callDeadline, RefreshWaitError.refreshDeadline {
                throw SpecwrightError(.timeout)
            } catch RefreshWaitError.failed(let error) {
                throw SpecwrightError(.sessionExpired("token refresh failed: \(error)"))
            } catch {
                throw SpecwrightError(.cancelled)
            }
        }
    }

    /// Starts the refresh of `flight` and its deadline. Called with the lock held; both tasks
    /// take the lock only when they finish, after `inFlight` is set.
    private func start(_ flight: RefreshFlight, rejected: String?) {
        let refresh = self.refresh
        let timeout = refreshTimeout
        let deadline = Task {
            guard (try? await Task.sleep(nanoseconds: RefreshFlight.nanoseconds(timeout))) != nil else { return }
            self.complete(flight, with: .failure(RefreshWaitError.refreshDeadline(timeout)))
        }
        flight.attach(
            Task {
                let result: Result<String, any Error>
                do {
                    result = .success(try await refresh(rejected))
                } catch {
                    result = .failure(RefreshWaitError.failed(error))
                }
                deadline.cancel()
                self.complete(flight, with: result)
            })
    }

    /// Ends `flight`: it stops being the one in flight (so the next 401 starts a new refresh) and,
    /// if it produced a token, that token becomes the latest. A refresh that answers after its
    /// deadline is ignored.
    private func complete(_ flight: RefreshFlight, with result: Result<String, any Error>) {
        state.withLock { state in
            guard state.inFlight === flight else { return }
            state.inFlight = nil
            if case .success(let token) = result { state.latestToken = token }
        }
        flight.finish(result)
    }
}
