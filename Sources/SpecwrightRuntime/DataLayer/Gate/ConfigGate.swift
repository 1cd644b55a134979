import Foundation

/// The config gate (`gate: true` in the spec): the gate call must succeed once before any other
/// request is sent, and its answer — the app's remote configuration — is kept for the app.
///
/// - Concurrent first requests share exactly one gate call.
/// - If it fails, every waiting request fails with `SpecwrightError` "config unavailable" and
///   nothing else is sent; the next request tries again.
/// - The decoded config: `APIClient.gateConfig(as:)` (the value now) and
///   `APIClient.gateConfigUpdates(as:)` (an observable that also keeps it fresh); the raw body is
///   `config` / `configUpdates`.
/// - Expiry: `maxAge` given here, else the spec's `gate: { maxAge: … }`
///   (`EndpointOptions.gateMaxAge`); an opening older than that closes the gate, so the next
///   request refreshes the config first. `reset()` closes it (logout).
/// - An explicit call of the gate endpoint (same URL) shares the fetch: it joins a gate call in
///   flight, and while the gate is open it is answered with the config the gate holds, without a
///   request; `cache: .reload` (or `APIClient.refreshGate()`) fetches anew.
/// - The gate call runs through the whole pipeline, so the service's retry policy applies to it.
///
/// Which call opens the gate: the `endpoint` given here, else the service's `gateEndpoint`
/// (generated clients set it from the spec's `gate: true`), else the last gate endpoint the app
/// sent itself (the gate "learns" it). Until one is known, requests are not held back.
public final class ConfigGate: Sendable {
    struct State {
        var openedAt: Date?
        /// Bumped by `reset()`, so a gate call that started before a reset cannot reopen the gate.
        var generation: UInt64 = 0
        /// The context of the last successful gate call the app made itself.
        var learned: CallContext?
        /// The last successful gate response (envelope already unwrapped) and its URL.
        var response: HTTPResponse?
        var responseURL: URL?
        /// The expiry the gate call's endpoint declares (`EndpointOptions.gateMaxAge`).
        var declaredMaxAge: TimeInterval?
        /// How many gate calls the gate itself made.
        var ownCalls = 0
    }

    /// The endpoint that opens the gate, if configured up front.
    public let endpoint: (any Endpoint)?
    /// How long one successful gate call keeps the gate open; nil: the endpoint's declared
    /// `gateMaxAge`, else until `reset()`.
    public let maxAge: TimeInterval?
    let now: @Sendable () -> Date
    let state = Locked(State())
    let calls = InFlightDeduplicator<HTTPResponse>()
    let observers = ConfigGateObservers()

    /// A gate opened by `endpoint` (or, when nil, by the gate endpoint the app calls first),
    /// valid for `maxAge` seconds (nil: the endpoint's `gateMaxAge`, else until `reset()`).
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
        return state.withLock { state in isOpen(state, at: now) }
    }

    /// When the current opening expires; nil when the gate is closed or does not expire.
    public var expiresAt: Date? {
        state.withLock { state in
            guard let openedAt = state.openedAt, let maxAge = maxAge ?? state.declaredMaxAge else { return nil }
            return openedAt.addingTimeInterval(maxAge)
        }
    }

    /// The body of the last successful gate call (the envelope's `data` when the service has an
    /// envelope): the app's remote configuration, kept after a reset or an expiry until a newer
    /// one arrives. Nil before the first one.
    public var config: Data? { state.withLock { $0.response?.body } }

    /// The config body at once (when there is one) and again after every successful gate call.
    /// Every access is a new stream; cancelling the iteration ends it.
    public var configUpdates: AsyncStream<Data> { observers.stream(current: { config }) }

    /// How many gate calls the gate itself has made (calls the app makes are not counted).
    public var gateCalls: Int { state.withLock { $0.ownCalls } }

    /// Closes the gate (logout): the next request makes a new gate call first.
    public func reset() {
        state.withLock { state in
            state.openedAt = nil
            state.generation += 1
        }
        observers.gateChanged()
    }

    private func isOpen(_ state: State, at now: Date) -> Bool {
        guard let openedAt = state.openedAt else { return false }
        guard let maxAge = maxAge ?? state.declaredMaxAge else { return true }
        return now.timeIntervalSince(openedAt) < maxAge
    }

    /// Returns once the gate is open, making (or joining) the gate call `fetch` — keyed by the
    /// URL it requests, so an explicit call of the same URL shares it — if it is not. Throws
    /// `unavailable(error)` when the gate call fails (a non-2xx answer included),
    /// `CancellationError` when cancelled.
    func ensureOpen(
        url: URL?, options: ResolvedOptions? = nil, fetch: @escaping @Sendable () async throws -> HTTPResponse,
        unavailable: @Sendable (any Error) -> any Error
    ) async throws {
        if isOpen { return }
        do {
            let response = try await calls.run(url?.absoluteString ?? "gate") { [self] in
                // A caller that arrives just after a gate call finished finds the gate open here.
                if let held = self.state.withLock({ state in self.isOpen(state, at: self.now()) ? state.response : nil }
                ) {
                    return held
                }
                let generation = self.state.withLock { state -> UInt64 in
                    state.ownCalls += 1
                    return state.generation
                }
                let response = try await fetch()
                if response.isSuccess {
                    self.record(response, url: url, options: options, learned: nil, ifGeneration: generation)
                }
                return response
            }
            guard response.isSuccess else {
                throw SpecwrightError(
                    .httpStatus(.init(status: response.status, headers: response.headers, body: response.body)))
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw unavailable(error)
        }
    }

    /// `ensureOpen` for an opening call whose answer is not kept.
    func ensureOpen(open: @escaping @Sendable () async throws -> Void, unavailable: @Sendable (any Error) -> any Error)
        async throws
    {
        try await ensureOpen(
            url: nil,
            fetch: {
                try await open()
                return HTTPResponse(status: 204)
            }, unavailable: unavailable)
    }

    /// Records a successful gate call: opens the gate (unless a reset happened since it started,
    /// when `generation` is given), keeps the response of `url` and tells observers.
    func record(
        _ response: HTTPResponse, url: URL?, options: ResolvedOptions?, learned: CallContext?,
        ifGeneration generation: UInt64? = nil
    ) {
        let now = now()
        let opened = state.withLock { state -> Bool in
            guard generation == nil || state.generation == generation else { return false }
            state.openedAt = now
            if let url {
                state.response = response
                state.responseURL = url
            }
            if let options { state.declaredMaxAge = options.gateMaxAge }
            if let learned { state.learned = learned }
            return true
        }
        guard opened else { return }
        if url != nil { observers.publish(response.body) }
        observers.gateChanged()
    }

    /// The response an explicit call of `url` may be answered with: the held one while the gate
    /// is open and it came from that URL.
    func heldResponse(for url: URL) -> HTTPResponse? {
        let now = now()
        return state.withLock { state in
            guard isOpen(state, at: now), state.responseURL == url else { return nil }
            return state.response
        }
    }

    /// The context the gate call should use: built from `endpoint`, or a fresh copy of the
    /// learned one; nil when no gate is known yet. It is always marked as the gate call.
    func openingContext(builder: RequestBuilder, fallback: (any Endpoint)? = nil) throws -> CallContext? {
        if let endpoint = endpoint ?? fallback {
            var context = try builder.build(endpoint)
            context.options.isGate = true
            return context
        }
        guard var learned = state.withLock({ $0.learned }) else { return nil }
        learned.callID = UUID()
        learned.trace = CallTrace()
        return learned
    }
}
