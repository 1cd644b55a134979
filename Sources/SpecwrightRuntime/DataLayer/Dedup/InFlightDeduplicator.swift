import Foundation

/// Lets concurrent callers with the same key share one running operation (in-flight
/// de-duplication of GET/HEAD requests, and the config gate's single call).
///
/// - The first caller for a key starts the operation in its own task; later callers with the same
///   key wait for that task's result instead of starting another.
/// - A caller that is cancelled stops waiting at once (it gets `CancellationError`); the others
///   keep waiting. When the last waiting caller is cancelled, the operation itself is cancelled.
/// - Once the operation finishes, the key is free: the next caller starts a new operation.
final class InFlightDeduplicator<Value: Sendable>: Sendable {
    private struct SharedCall {
        var generation: UInt64
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var calls: [String: SharedCall] = [:]
        var nextID: UInt64 = 0
        /// Callers that started `run` but have not been answered yet.
        var pending: Set<UInt64> = []
        /// Callers cancelled before they could register as waiters.
        var cancelledEarly: Set<UInt64> = []
        /// How many operations were started (for tests and diagnostics).
        var started = 0
    }

    private let state = Locked(State())

    init() {}

    /// How many operations have been started so far.
    var startedOperations: Int { state.withLock { $0.started } }

    /// The result of `operation`, shared with every concurrent caller using the same `key`.
    func run(_ key: String, operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let waiterID = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.pending.insert(state.nextID)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(waiterID, key: key, continuation: continuation, operation: operation)
            }
        } onCancel: {
            cancel(waiterID, key: key)
        }
    }

    private func register(
        _ waiterID: UInt64, key: String, continuation: CheckedContinuation<Value, any Error>,
        operation: @escaping @Sendable () async throws -> Value
    ) {
        let generationToStart = state.withLock { state -> UInt64? in
            if state.cancelledEarly.remove(waiterID) != nil {
                state.pending.remove(waiterID)
                continuation.resume(throwing: CancellationError())
                return nil
            }
            if state.calls[key] != nil {
                state.calls[key]?.waiters[waiterID] = continuation
                return nil
            }
            state.nextID += 1
            state.started += 1
            state.calls[key] = SharedCall(generation: state.nextID, waiters: [waiterID: continuation])
            return state.nextID
        }
        guard let generation = generationToStart else { return }
        let task = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            finish(key, generation: generation, result: result)
        }
        state.withLock { state in
            // The call is gone already when every waiter was cancelled (or it already finished,
            // where cancelling is harmless).
            guard state.calls[key]?.generation == generation else {
                task.cancel()
                return
            }
            state.calls[key]?.task = task
        }
    }

    private func finish(_ key: String, generation: UInt64, result: Result<Value, any Error>) {
        state.withLock { state in
            guard let call = state.calls[key], call.generation == generation else { return }
            state.calls[key] = nil
            for (waiterID, continuation) in call.waiters {
                state.pending.remove(waiterID)
                continuation.resume(with: result)
            }
        }
    }

    private func cancel(_ waiterID: UInt64, key: String) {
        state.withLock { state in
            guard state.pending.contains(waiterID) else { return }
            guard let continuation = state.calls[key]?.waiters.removeValue(forKey: waiterID) else {
                state.cancelledEarly.insert(waiterID)
                return
            }
            state.pending.remove(waiterID)
            continuation.resume(throwing: CancellationError())
            if state.calls[key]?.waiters.isEmpty == true {
                // The last interested caller left: stop the operation and free the key.
                state.calls[key]?.task?.cancel()
                state.calls[key] = nil
            }
        }
    }
}
