import Foundation

/// Coordinates token refreshes for one client: any number of concurrent 401s share one
/// `refresh` call; a request that was sent with an older token than the latest refreshed one
/// is replayed with the latest token without refreshing again. A caller whose task is cancelled
/// stops waiting at once; the refresh itself finishes for the others.
final class SingleFlightRefresher: Sendable {
    private enum Waiter: Sendable {
        case allocated
        case waiting(CheckedContinuation<String, any Error>)
        case cancelled
    }

    private struct State: Sendable {
        var inFlight: Task<String, any Error>?
        var latestToken: String?
        var refreshTimes: [TimeInterval] = []
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private enum Step {
        case wait(Task<String, any Error>, waiterID: Int)
        case replay(String)
        case refuse
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
    /// refresh fails or the refresh window is exhausted, `cancelled` when the caller is cancelled.
    func token(afterRejecting rejected: String?) async throws(SpecwrightError) -> String {
        let now = clock.now()
        let step: Step = state.withLock { state in
            if let latest = state.latestToken, latest != rejected, state.inFlight == nil {
                // Someone refreshed after this request was sent: replay with the newer token.
                return .replay(latest)
            }
            let task: Task<String, any Error>
            if let inFlight = state.inFlight {
                task = inFlight
            } else {
                state.refreshTimes.removeAll { now - $0 >= window.window }
                guard state.refreshTimes.count < window.maxRefreshes else { return .refuse }
                state.refreshTimes.append(now)
                task = startRefresh(rejected: rejected)
                state.inFlight = task
            }
            state.nextWaiterID += 1
            state.waiters[state.nextWaiterID] = .allocated
            return .wait(task, waiterID: state.nextWaiterID)
        }
        switch step {
        case .replay(let token):
            return token
        case .refuse:
            throw SpecwrightError(.sessionExpired("more than \(window.maxRefreshes) token refreshes within \(window.window) s"))
        case .wait(let task, let id):
            do {
                return try await wait(for: task, id: id)
            } catch is CancellationError {
                throw SpecwrightError(.cancelled)
            } catch {
                throw SpecwrightError(.sessionExpired("token refresh failed: \(error)"))
            }
        }
    }

    /// Starts the shared refresh; called with the lock held, so the task's own bookkeeping
    /// (which takes the lock) happens after `inFlight` is set.
    private func startRefresh(rejected: String?) -> Task<String, any Error> {
        let refresh = self.refresh
        let state = self.state
        return Task {
            do {
                let token = try await refresh(rejected)
                state.withLock {
                    $0.latestToken = token
                    $0.inFlight = nil
                }
                return token
            } catch {
                state.withLock { $0.inFlight = nil }
                throw error
            }
        }
    }

    /// Waits for the shared refresh, or throws `CancellationError` as soon as the caller is cancelled.
    private func wait(for task: Task<String, any Error>, id: Int) async throws -> String {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                let cancelledEarly = state.withLock { state -> Bool in
                    if case .cancelled = state.waiters[id] {
                        state.waiters[id] = nil
                        return true
                    }
                    state.waiters[id] = .waiting(continuation)
                    return false
                }
                if cancelledEarly {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                Task { self.finish(id, with: await task.result) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<String, any Error>? in
                switch state.waiters[id] {
                case .allocated:
                    state.waiters[id] = .cancelled
                    return nil
                case .waiting(let continuation):
                    state.waiters[id] = nil
                    return continuation
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    private func finish(_ id: Int, with result: Result<String, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<String, any Error>? in
            guard case .waiting(let continuation) = state.waiters[id] else { return nil }
            state.waiters[id] = nil
            return continuation
        }
        continuation?.resume(with: result)
    }
}
