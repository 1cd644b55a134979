import Foundation

/// The config gate (`gate: true` in the spec): the gate call must succeed once before any other
/// request is sent.
///
/// - Concurrent first requests share exactly one gate call.
/// - If it fails, every waiting request fails with `SpecwrightError` "config unavailable" and
///   nothing else is sent; the next request tries again.
/// - `reset()` closes the gate (logout); with a `maxAge`, an opening older than that closes it too,
///   so the next request refreshes the config first.
///
/// Which call opens the gate: the `endpoint` given here, else the service's `gateEndpoint`
/// (generated clients set it from the spec's `gate: true`), else the last gate endpoint the app
/// sent itself (the gate "learns" it). Until one is known, requests are not held back.
public final class ConfigGate: Sendable {
    private struct State {
        var openedAt: Date?
        /// Bumped by `reset()`, so a gate call that started before a reset cannot reopen the gate.
        var generation: UInt64 = 0
        /// The context of the last successful gate call the app made itself.
        var learned: CallContext?
    }

    /// The endpoint that opens the gate, if configured up front.
    public let endpoint: (any Endpoint)?
    /// How long one successful gate call keeps the gate open; nil means until `reset()`.
    public let maxAge: TimeInterval?
    private let now: @Sendable () -> Date
    private let state = Locked(State())
    private let calls = InFlightDeduplicator<Bool>()

    /// A gate opened by `endpoint` (or, when nil, by the gate endpoint the app calls first),
    /// valid for `maxAge` seconds (nil: until `reset()`).
    public convenience init(endpoint: (any Endpoint)? = nil, maxAge: TimeInterval? = nil) {
        self.init(endpoint: endpoint, maxAge: maxAge, now: { Date() })
    }

    init(endpoint: (any Endpoint)? = nil, maxAge: TimeInterval?, now: @escaping @Sendable () -> Date) {
        self.endpoint = endpoint
        self.maxAge = maxAge
        self.now = now
    }

    /// Whether the gate is currently open.
    public var isOpen: Bool {
        let now = now()
        let maxAge = maxAge
        return state.withLock { state in
            guard let openedAt = state.openedAt else { return false }
            guard let maxAge else { return true }
            return now.timeIntervalSince(openedAt) < maxAge
        }
    }

    /// How many gate calls the gate itself has made (calls the app makes are not counted).
    public var gateCalls: Int { calls.startedOperations }

    /// Closes the gate (logout): the next request makes a new gate call first.
    public func reset() {
        state.withLock { state in
            state.openedAt = nil
            state.generation += 1
        }
    }

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
                self.markOpen(ifGeneration: generation)
                return true
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw unavailable(error)
        }
    }

    /// Records a successful gate call the app made itself (and remembers how to repeat it).
    func didPass(_ context: CallContext) {
        let now = now()
        state.withLock { state in
            state.openedAt = now
            state.learned = context
        }
    }

    /// The context the gate call should use: built from `endpoint`, or a fresh copy of the
    /// learned one; nil when no gate is known yet.
    func openingContext(builder: RequestBuilder, fallback: (any Endpoint)? = nil) throws -> CallContext? {
        if let endpoint = endpoint ?? fallback { return try builder.build(endpoint) }
        guard var learned = state.withLock({ $0.learned }) else { return nil }
        learned.callID = UUID()
        learned.trace = CallTrace()
        return learned
    }

    private func markOpen(ifGeneration generation: UInt64) {
        let now = now()
        state.withLock { state in
            if state.generation == generation { state.openedAt = now }
        }
    }
}
