import Foundation

/// The pipeline stage of the config gate: the gate endpoint passes through (and opens the gate on
/// success); every other request first waits until the gate is open.
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
        if context.options.isGate {
            let response = try await next(context)
            if response.isSuccess { gate.didPass(context) }
            return response
        }
        if gate.isOpen { return try await next(context) }
        guard let opening = try gate.openingContext(builder: builder, fallback: fallback) else { return try await next(context) }
        do {
            try await gate.ensureOpen(
                open: {
                    let response = try await next(opening)
                    guard response.isSuccess else {
                        throw SpecwrightError(.httpStatus(.init(status: response.status, headers: response.headers, body: response.body)))
                    }
                },
                unavailable: { error in
                    let reason = (error as? SpecwrightError)?.description ?? String(describing: error)
                    return GateFailure(
                        error: SpecwrightError(.configUnavailable("the gate call \(opening.operationName) failed: \(reason)")),
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
}

/// Why the gate did not open, and whether the device looked offline.
private struct GateFailure: Error {
    let error: SpecwrightError
    let isOffline: Bool
}
