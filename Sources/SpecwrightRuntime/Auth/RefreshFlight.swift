import Foundation

/// Why waiting for a token refresh ended without a token.
enum RefreshWaitError: Error {
    /// The waiting call's own deadline passed first (the refresh goes on for the others).
    case callDeadline
    /// The refresh did not finish within its own deadline; it was dropped.
    case refreshDeadline(TimeInterval)
    /// The app's refresh closure threw.
    case failed(any Error)
}

/// One token refresh that any number of calls wait for, each with its own deadline and
/// cancellation. The first outcome wins: the refresh's result, or the refresh deadline
/// (which also cancels the refresh task). A waiter that gives up never ends the refresh for
/// the others, and nothing — a continuation, a timer — outlives the waiter.
final class RefreshFlight<Value: Sendable>: Sendable {
    private enum Waiter: Sendable {
        /// Registered, continuation not yet stored.
        case allocated
        case waiting(CheckedContinuation<Value, any Error>)
        /// Resolved before its continuation was stored (cancelled or timed out early).
        case resolved(Result<Value, any Error>)
    }

    private struct State: Sendable {
        var outcome: Result<Value, any Error>?
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
        var refreshTask: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Keeps the task running the refresh, so a refresh deadline can cancel it.
    func attach(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state -> Bool in
            state.refreshTask = task
            if case .failure = state.outcome { return true }
            return false
        }
        if cancelNow { task.cancel() }
    }

    /// Ends the flight with `result` unless it has ended already; returns whether this call ended it.
    /// Every waiter gets the result; a failure cancels the refresh task.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let (ended, continuations, task) = state.withLock {
            state -> (Bool, [CheckedContinuation<Value, any Error>], Task<Void, Never>?) in
            guard state.outcome == nil else { return (false, [], nil) }
            state.outcome = result
            var continuations: [CheckedContinuation<Value, any Error>] = []
            for (id, waiter) in state.waiters {
                switch waiter {
                case .allocated: state.waiters[id] = .resolved(result)
                case .waiting(let continuation):
                    continuations.append(continuation)
                    state.waiters[id] = nil
                case .resolved: break
                }
            }
            if case .failure = result { return (true, continuations, state.refreshTask) }
            return (true, continuations, nil)
        }
        for continuation in continuations { continuation.resume(with: result) }
        task?.cancel()
        return ended
    }

    /// The refreshed token. Throws `RefreshWaitError` when the refresh failed or timed out, or
    /// `maxWait` seconds passed first; `CancellationError` as soon as the caller is cancelled.
    func wait(atMost maxWait: TimeInterval) async throws -> Value {
        let id = state.withLock { state -> Int in
            state.nextWaiterID += 1
            state.waiters[state.nextWaiterID] = state.outcome.map(Waiter.resolved) ?? .allocated
            return state.nextWaiterID
        }
        let timer = Task {
            guard (try? await Task.sleep(nanoseconds: Self.nanoseconds(maxWait))) != nil else { return }
            self.resolve(id, with: .failure(RefreshWaitError.callDeadline))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let early = state.withLock { state -> Result<Value, any Error>? in
                    if case .resolved(let result) = state.waiters[id] {
                        state.waiters[id] = nil
                        return result
                    }
                    state.waiters[id] = .waiting(continuation)
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            resolve(id, with: .failure(CancellationError()))
        }
    }

    /// Ends one waiter's wait (its deadline or its cancellation), leaving the others waiting.
    private func resolve(_ id: Int, with result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state.waiters[id] {
            case .allocated:
                state.waiters[id] = .resolved(result)
                return nil
            case .waiting(let continuation):
                state.waiters[id] = nil
                return continuation
            case .resolved, nil:
                return nil
            }
        }
        continuation?.resume(with: result)
    }

    /// `seconds` as nanoseconds for `Task.sleep`: NaN or negative → 0, capped at 10⁹ s (also
    /// infinity) so the conversion can never overflow.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard !seconds.isNaN, seconds > 0 else { return 0 }
        return UInt64(min(seconds, 1e9) * 1e9)
    }
}
