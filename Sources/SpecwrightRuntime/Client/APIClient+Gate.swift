import Foundation

/// The config gate's answer for the app: the remote configuration as a value, as an observable
/// that stays fresh, and a forced refresh. See `ConfigGate`.
extension APIClient {
    /// The configuration the gate call last returned, decoded as `C` with the service's decoder;
    /// nil before the first successful gate call (the gate keeps it across a reset or an expiry
    /// until a newer one arrives).
    public func gateConfig<C: Decodable>(as type: C.Type) throws(SpecwrightError) -> C? {
        guard let data = configuration.dataLayer.gate.config else { return nil }
        do {
            return try decoder.decode(C.self, from: data)
        } catch {
            throw SpecwrightError(SpecwrightError.decoding(error))
        }
    }

    /// The configuration, decoded as `C`: the held one at once (when there is one), then every
    /// newer one. While it is iterated it keeps the config fresh: a closed gate (never opened,
    /// expired, or reset by a sign-out) is opened at once — so the first value is the "config
    /// ready" event — and an expiring one (the spec's `gate: { maxAge: … }` or `ConfigGate(maxAge:)`)
    /// is refreshed when it expires; a failed gate call is tried again after 5 s, doubling up to
    /// 5 min. A body that does not decode as `C` ends the stream with a `.decoding` error;
    /// cancelling the iteration ends it.
    public func gateConfigUpdates<C: Decodable & Sendable>(as type: C.Type) -> AsyncThrowingStream<C, any Error> {
        let gate = configuration.dataLayer.gate
        let decoder = self.decoder
        let configs = gate.configUpdates
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let reader = Task {
                for await data in configs {
                    do {
                        continuation.yield(try decoder.decode(C.self, from: data))
                    } catch {
                        continuation.finish(throwing: SpecwrightError(SpecwrightError.decoding(error)))
                        return
                    }
                }
                continuation.finish()
            }
            let keeper = Task { await self.keepGateFresh(gate) }
            continuation.onTermination = { _ in
                reader.cancel()
                keeper.cancel()
            }
        }
    }

    /// Makes the gate call now, also while the gate is open (it uses the service's retry policy
    /// like every call), and returns once it succeeded: the gate is open again and the new config
    /// reaches `gateConfig(as:)` and `gateConfigUpdates(as:)`. Throws `.configUnavailable` when
    /// no gate endpoint is known, else the call's error (an app's own error as it was thrown, as
    /// every call method does).
    public func refreshGate() async throws {
        let gate = configuration.dataLayer.gate
        let opening: CallContext?
        do {
            opening = try gate.openingContext(builder: builder, fallback: service.gateEndpoint)
        } catch let error as SpecwrightError {
            throw error
        } catch {
            throw SpecwrightError(AttemptLoop.map(error))
        }
        guard var context = opening else {
            throw SpecwrightError(.configUnavailable("no gate endpoint is known yet"))
        }
        context.refreshesGate = true
        let response: HTTPResponse
        do {
            response = try await handler(context)
        } catch {
            throw redactor.redact(AttemptLoop.specwrightError(error)).surfaced
        }
        guard (200..<300).contains(response.status) else {
            throw redactor.redact(AttemptLoop.statusError(response, call: context, decoder: decoder))
        }
    }

    /// Opens a closed gate and refreshes an expiring one, until cancelled.
    private func keepGateFresh(_ gate: ConfigGate) async {
        var failures = 0
        while !Task.isCancelled {
            // Registered before the state is read, so a change in between still wakes the loop.
            let changes = gate.observers.gateChanges()
            var wait: TimeInterval?
            if !gate.isOpen {
                do {
                    try await refreshGate()
                    failures = 0
                    continue
                } catch {
                    if Task.isCancelled { return }
                    failures += 1
                    wait = min(300, 5 * pow(2, Double(min(failures - 1, 10))))
                }
            } else if let expiresAt = gate.expiresAt {
                wait = max(0, expiresAt.timeIntervalSince(gate.now()))
            }
            await Self.wait(for: changes, atMost: wait)
        }
    }

    /// Returns at the next element of `changes` or after `seconds` (never, when nil).
    private static func wait(for changes: AsyncStream<Void>, atMost seconds: TimeInterval?) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { return }
            }
            if let seconds {
                group.addTask { try? await Task.sleep(nanoseconds: UInt64(min(seconds, 1e6) * 1e9)) }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
