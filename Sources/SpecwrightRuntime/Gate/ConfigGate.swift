import Foundation

/// The config gate (`gate: true` in the spec): the gate call must succeed once before any other
/// request is sent.
///
/// - Concurrent first requests share exactly one gate call (through `InFlightDeduplicator`).
/// - If it fails, every waiting request fails with the error `unavailable` makes (the runtime
///   uses `SpecwrightError` "config unavailable") and sends nothing; the next request tries again.
/// - `reset()` closes the gate (logout); with a `maxAge`, an opening older than that closes it too,
///   so the next request refreshes the config first.
final class ConfigGate: Sendable {
    private struct State {
        var openedAt: Date?
        /// Bumped by `reset()`, so a gate call that started before a reset cannot reopen the gate.
        var generation: UInt64 = 0
    }

    /// How long one successful gate call keeps the gate open; nil means until `reset()`.
    let maxAge: TimeInterval?
    private let now: @Sendable () -> Date
    private let state = DataLock(State())
    private let calls = InFlightDeduplicator<Bool>()

    init(maxAge: TimeInterval? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.maxAge = maxAge
        self.now = now
    }

    /// Whether the gate is currently open.
    var isOpen: Bool {
        let now = now()
        return state.withLock { Self.isOpen($0, maxAge: maxAge, now: now) }
    }

    /// How many gate calls have been made.
    var gateCalls: Int { calls.startedOperations }

    /// Returns once the gate is open, making (or joining) the gate call `open` if it is not.
    /// Throws `unavailable(error)` when the gate call fails, `CancellationError` when cancelled.
    func ensureOpen(
        open: @escaping @Sendable () async throws -> Void,
        unavailable: @Sendable (any Error) -> any Error
    ) async throws {
        if isOpen { return }
        do {
            _ = try await calls.run("gate") { [self] in
                // A caller that arrives just after a gate call finished finds the gate open here.
                if self.isOpen { return true }
                let generation = self.state.withLock { $0.generation }
                try await open()
                self.markOpen(generation: generation)
                return true
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw unavailable(error)
        }
    }

    /// Records that the gate endpoint succeeded when the app called it directly.
    func markOpen() {
        let now = now()
        state.withLock { $0.openedAt = now }
    }

    /// Closes the gate (logout): the next request makes a new gate call first.
    func reset() {
        state.withLock { state in
            state.openedAt = nil
            state.generation += 1
        }
    }

    private func markOpen(generation: UInt64) {
        let now = now()
        state.withLock { state in
            if state.generation == generation { state.openedAt = now }
        }
    }

    private static func isOpen(_ state: State, maxAge: TimeInterval?, now: Date) -> Bool {
        guard let openedAt = state.openedAt else { return false }
        guard let maxAge else { return true }
        return now.timeIntervalSince(openedAt) < maxAge
    }
}
