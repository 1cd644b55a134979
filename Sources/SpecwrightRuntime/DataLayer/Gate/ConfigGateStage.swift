import Foundation

/// The pipeline stage of the config gate: the gate endpoint passes through (and opens the gate on
/// success, keeping its answer as the app's config); every other request first waits until the
/// gate is open.
///
/// An explicit call of the gate endpoint shares the fetch: it joins a gate call in flight for the
/// same URL, and while the gate is open it is answered with the held config without a request
/// (`cache: .reload` fetches anew).
///
/// When the gate call fails because the device is offline, a request whose cache policy allows
/// it is still answered from the cache (never from the network): an app started in a tunnel
/// shows its stored data. Without a stored copy it fails with "config unavailable" as usual.
struct ConfigGateStage: CallStage {
    let gate: ConfigGate
    /// The client's request builder, for the call that opens the gate.
    let builder: RequestBuilder
    /// The service's gate endpoint, used when the gate was not given one itself.
    var fallback: (any Endpoint)? = nil

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        if context.options.isGate { return try await passGateCall(context, next: next) }
        if gate.isOpen { return try await next(context) }
        guard let opening = try gate.openingContext(builder: builder, fallback: fallback) else {
            return try await next(context)
        }
        do {
            try await gate.ensureOpen(
                url: opening.request.url, options: opening.options,
                fetch: { try await next(opening) },
                unavailable: { error in
                    // The app's own error (an interceptor's, a credential provider's) reaches every
                    // waiting caller as it was thrown, not as "config unavailable".
                    if let error = error as? SpecwrightError, error.isAppError {
                        return GateFailure(error: error, isOffline: false)
                    }
                    let reason = (error as? SpecwrightError)?.description ?? String(describing: error)
                    return GateFailure(
                        error: SpecwrightError(
                            .configUnavailable("the gate call \(opening.operationName) failed: \(reason)")),
                        isOffline: (error as? SpecwrightError)?.category == .offline)
                })
        } catch is CancellationError {
            throw SpecwrightError(.cancelled)
        } catch let failure as GateFailure {
            guard failure.isOffline, context.options.cache != .networkOnly else { throw failure.error }
            var cacheOnly = context
            cacheOnly.isNetworkForbidden = true
            do {
                return try await next(cacheOnly)
            } catch {
                throw failure.error
            }
        }
        return try await next(context)
    }

    /// The app's own call of the gate endpoint: the held config while the gate is open, else one
    /// fetch shared with any gate call in flight for the same URL; a success opens the gate.
    private func passGateCall(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        let url = context.request.url
        if context.options.cache != .reload, !context.refreshesGate, let held = gate.heldResponse(for: url) {
            return held
        }
        let response: HTTPResponse
        do {
            response = try await gate.calls.run(url.absoluteString) { try await next(context) }
        } catch is CancellationError {
            throw SpecwrightError(.cancelled)
        }
        if response.isSuccess { gate.record(response, url: url, options: context.options, learned: context) }
        return response
    }
}

/// Why the gate did not open, and whether the device looked offline.
private struct GateFailure: Error {
    let error: SpecwrightError
    let isOffline: Bool
}
