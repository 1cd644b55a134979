import Foundation

/// Coordinates the refreshes of one credential (a bearer token, an authenticator's credential)
/// for one client: any number of concurrent rejections — 401s, envelope codes, credentials that
/// are about to expire — share one `refresh` call; a request that was sent with an older
/// credential than the latest refreshed one is replayed with the latest without refreshing again.
///
/// A refreshed credential belongs to the credential it replaced: the refresher keeps each
/// refresh's pair (rejected → refreshed), and a rejected request is replayed only with a
/// credential refreshed *from the one it carried* (following the chain to its newest link), and
/// joins only a refresh started from that chain. A credential the refresher has not seen — the
/// next user's token after a sign-out, a token the app obtained itself — gets a refresh of its
/// own, so a token refreshed for one user never reaches another user's call, whether that refresh
/// is over or still on its way.
///
/// Nothing here can hang a call: the refresh has its own deadline (`refreshTimeout`), after
/// which it is cancelled and dropped, so the next 401 starts a new one (still one at a time per
/// credential, and still counted by the `RefreshWindow`); every waiting call also gives up at its
/// own deadline or cancellation, while the refresh goes on for the others.
///
/// Only a refresh the server or provider rejects ends the session (`RefreshFailure`): one that
/// could not reach its server keeps it — the call fails with the network's error — and, like a
/// refresh that ran past its deadline, gives its place in the `RefreshWindow` back, so a device
/// that stays offline never exhausts the window and ends the session that way.
///
/// The window belongs to one session: `reset()` (`APIClient.signOut()`) and a change of the signed-in
/// account (`account` of `credential(afterRejecting:…)`) start a new one, so the refreshes of the user
/// who left never end the next user's session. A refresh still on its way then finishes for the
/// calls that carried its credential, but the next user's calls never join it (not even one sent
/// without a credential), and its place in the old window is not given back to the new one.
final class SingleFlightRefresher<Value: Sendable & Equatable>: Sendable {
    /// A refresh in flight: the credential it replaces and when it started (its entry in
    /// `refreshTimes`).
    private struct InFlight: Sendable {
        var from: Value?
        var flight: RefreshFlight<Value>
        /// Its entry in `refreshTimes` (while the window it was counted in lasts).
        var ticket: Int
        /// The session (`State.session`) it was started in.
        var session: Int
    }

    private struct State: Sendable {
        var inFlight: [InFlight] = []
        /// Each successful refresh: the credential it replaced and the one it produced, oldest first.
        var successions: [(old: Value, new: Value)] = []
        /// The refreshes counted by the window of this session: when each started, and its ticket.
        var refreshTimes: [(time: TimeInterval, ticket: Int)] = []
        var nextTicket = 0
        /// Bumped by `reset()` and by a change of account: a new session, with a window of its own.
        var session = 0
        /// The signed-in account the window counts for, once one was named.
        var account: String?

        /// Starts a new session: an empty window; refreshes on their way stay joinable only by
        /// the calls that carried their credential.
        mutating func reset() {
            refreshTimes.removeAll()
            session += 1
            account = nil
        }

        /// The newest credential refreshed from `credential` (following the chain), or nil when
        /// none was refreshed from it.
        func newest(after credential: Value?) -> Value? {
            guard var current = credential else { return nil }
            var found: Value?
            // Each link is followed at most once, so a chain that comes back to a credential ends.
            for _ in 0..<successions.count {
                guard let next = successions.last(where: { $0.old == current })?.new else { break }
                found = next
                current = next
            }
            return found
        }

        /// The refresh on its way from `credential`. One sent without a credential (`nil`) joins
        /// only a refresh of its own session: it says nothing about whose call it was.
        func flight(from credential: Value?) -> RefreshFlight<Value>? {
            inFlight.first { $0.from == credential && (credential != nil || $0.session == session) }?.flight
        }
    }

    /// How many successions are remembered: far more than the refreshes of one session between
    /// two calls, bounded whatever the app does.
    static var maximumSuccessions: Int { 64 }

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
    /// `account` is the signed-in account now (`TokenProvider.account` or the data layer's
    /// `accountIdentity`), nil when the app names none: when it differs from the account the window
    /// counted for, the window starts anew (the app switched users without `signOut()`).
    func credential(
        afterRejecting rejected: Value?, maxWait: TimeInterval, proactive: Bool = false, account: String? = nil
    ) async throws(SpecwrightError) -> Value {
        let now = clock.now()
        let step: Step = state.withLock { state in
            if let account, account != state.account {
                if state.account != nil { state.reset() }
                state.account = account
            }
            if let newer = state.newest(after: rejected) {
                // Someone refreshed after this request was sent: replay with the newer credential
                // (or wait for the refresh of that one, already on its way).
                return state.flight(from: newer).map(Step.wait) ?? .replay(newer)
            }
            if let flight = state.flight(from: rejected) { return .wait(flight) }
            state.refreshTimes.removeAll { now - $0.time >= window.window }
            guard state.refreshTimes.count < window.maxRefreshes else { return .refuse }
            state.nextTicket += 1
            state.refreshTimes.append((now, state.nextTicket))
            let flight = RefreshFlight<Value>()
            state.inFlight.append(
                InFlight(from: rejected, flight: flight, ticket: state.nextTicket, session: state.session))
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

    /// Starts a new session (`APIClient.signOut()`): the refresh window is empty again, and a call
    /// sent without a credential no longer joins a refresh on its way for the user who left.
    func reset() {
        state.withLock { $0.reset() }
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

    /// Ends `flight`: it stops being in flight (so the next rejection starts a new refresh) and,
    /// if it produced a credential, that credential succeeds the one it was refreshed from; if it
    /// could not reach its server or ran past its deadline, its place in the window is given back.
    /// A refresh that answers after its deadline is ignored.
    private func complete(_ flight: RefreshFlight<Value>, with result: Result<Value, any Error>) {
        state.withLock { state in
            guard let index = state.inFlight.firstIndex(where: { $0.flight === flight }) else { return }
            let ended = state.inFlight.remove(at: index)
            switch result {
            case .success(let credential):
                if let old = ended.from, old != credential {
                    state.successions.append((old, credential))
                    state.successions.removeFirst(max(0, state.successions.count - Self.maximumSuccessions))
                }
            case .failure(let error):
                // Only to the window it was counted in: after a reset its place is gone with it.
                guard Self.givesWindowBack(error),
                    let counted = state.refreshTimes.firstIndex(where: { $0.ticket == ended.ticket })
                else { break }
                state.refreshTimes.remove(at: counted)
            }
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
