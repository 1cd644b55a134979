import Foundation

/// Coordinates the refreshes of one credential (a bearer token, an authenticator's credential)
/// for one client: any number of concurrent rejections — 401s, envelope codes, credentials that
/// are about to expire — share one `refresh` call; a request that was sent with an older
/// credential than the latest refreshed one is replayed with the latest without refreshing again.
///
/// Nothing here can hang a call: the refresh has its own deadline (`refreshTimeout`), after
/// which it is cancelled and dropped, so the next 401 starts a new one (still one at a time,
/// and still counted by the `RefreshWindow`); every waiting call also gives up at its own
/// deadline or cancellation, while the refresh goes on for the others.
///
/// Only a refresh the server or provider rejects ends the session (`RefreshFailure`): one that
/// could not reach its server keeps it — the call fails with the network's error — and, like a
/// refresh that ran past its deadline, gives its place in the `RefreshWindow` back, so a device
/// that stays offline never exhausts the window and ends the session that way.
final class SingleFlightRefresher<Value: Sendable & Equatable>: Sendable {
    private struct State: Sendable {
        var inFlight: RefreshFlight<Value>?
        var latest: Value?
        var refreshTimes: [TimeInterval] = []
        /// When the refresh in flight started (its entry in `refreshTimes`).
        var inFlightStart: TimeInterval?
    }

    private enum Step {
        case wait(RefreshFlight<Value>)
        case replay(Value)
        case refuse
    }

    private let refresh: @Sendable (Value?) async throws -> Value
    private let window: RefreshWindow
    private let refreshTimeout: TimeInterval
    private let clock: any RuntimeClock
    private let state = Locked(State())

    /// `refreshTimeout` is validated: NaN, zero or negative → `ClientConfiguration.defaultRefreshTimeout`.
    init(
        refresh: @escaping @Sendable (Value?) async throws -> Value, window: RefreshWindow,
        refreshTimeout: TimeInterval,
        clock: any RuntimeClock
    ) {
        self.refresh = refresh
        self.window = window
        self.refreshTimeout = refreshTimeout > 0 ? refreshTimeout : ClientConfiguration.defaultRefreshTimeout
        self.clock = clock
    }

    /// The credential to send instead of `rejected` (rejected by the server, or about to expire),
    /// waiting at most `maxWait` seconds (the call's own deadline). Throws `sessionExpired` when
    /// the refresh was rejected or the refresh window is exhausted, the network's error when the
    /// refresh could not reach its server (`RefreshFailure.unreachable`: the session is kept),
    /// `timeout` when the refresh or the wait ran out of time, `cancelled` when the caller is
    /// cancelled. A `proactive` refresh (the credential has not been rejected yet) that the window
    /// refuses or that could not reach its server returns `rejected` instead: it is still sent,
    /// and the server decides.
    func credential(
        afterRejecting rejected: Value?, maxWait: TimeInterval, proactive: Bool = false
    ) async throws(SpecwrightError) -> Value {
        let now = clock.now()
        let step: Step = state.withLock { state in
            if let flight = state.inFlight { return .wait(flight) }
            if let latest = state.latest, latest != rejected {
                // Someone refreshed after this request was sent: replay with the newer credential.
                return .replay(latest)
            }
            state.refreshTimes.removeAll { now - $0 >= window.window }
            guard state.refreshTimes.count < window.maxRefreshes else { return .refuse }
            state.refreshTimes.append(now)
            let flight = RefreshFlight<Value>()
            state.inFlight = flight
            state.inFlightStart = now
            start(flight, rejected: rejected)
            return .wait(flight)
        }
        switch step {
        case .replay(let credential):
            return credential
        case .refuse:
            if proactive, let rejected { return rejected }
            throw SpecwrightError(
                .sessionExpired("more than \(window.maxRefreshes) credential refreshes within \(window.window) s"))
        case .wait(let flight):
            do {
                return try await flight.wait(atMost: maxWait)
            } catch RefreshWaitError.callDeadline, RefreshWaitError.refreshDeadline {
                throw SpecwrightError(.timeout)
            } catch RefreshWaitError.failed(let error) {
                guard case .unreachable(let callError) = RefreshFailure(error) else {
                    throw SpecwrightError(.sessionExpired("credential refresh failed: \(error)"))
                }
                if proactive, let rejected { return rejected }
                throw callError
            } catch {
                throw SpecwrightError(.cancelled)
            }
        }
    }

    /// Starts the refresh of `flight` and its deadline. Called with the lock held; both tasks
    /// take the lock only when they finish, after `inFlight` is set.
    private func start(_ flight: RefreshFlight<Value>, rejected: Value?) {
        let refresh = self.refresh
        let timeout = refreshTimeout
        let deadline = Task {
            guard (try? await Task.sleep(nanoseconds: RefreshFlight<Value>.nanoseconds(timeout))) != nil else { return }
            self.complete(flight, with: .failure(RefreshWaitError.refreshDeadline(timeout)))
        }
        flight.attach(
            Task {
                let result: Result<Value, any Error>
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
    /// if it produced a credential, that credential becomes the latest; if it could not reach its
    /// server or ran past its deadline, its place in the window is given back. A refresh that
    /// answers after its deadline is ignored.
    private func complete(_ flight: RefreshFlight<Value>, with result: Result<Value, any Error>) {
        state.withLock { state in
            guard state.inFlight === flight else { return }
            state.inFlight = nil
            switch result {
            case .success(let credential): state.latest = credential
            case .failure(let error):
                guard Self.givesWindowBack(error), let start = state.inFlightStart,
                    let index = state.refreshTimes.lastIndex(of: start)
                else { break }
                state.refreshTimes.remove(at: index)
            }
            state.inFlightStart = nil
        }
        flight.finish(result)
    }

    /// Whether a failed refresh did not get an answer from its server (it could not reach it, or
    /// ran past its deadline): it is not counted against the window.
    private static func givesWindowBack(_ error: any Error) -> Bool {
        switch error {
        case RefreshWaitError.refreshDeadline: return true
        case RefreshWaitError.failed(let error):
            if case .unreachable = RefreshFailure(error) { return true }
            return false
        default: return false
        }
    }
}
