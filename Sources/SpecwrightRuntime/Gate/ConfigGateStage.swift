import Foundation

/// The pipeline stage of the config gate: the gate endpoint passes through (and opens the gate on
/// success); every other request first waits until the gate is open.
struct ConfigGateStage: CallStage {
    let gate: ConfigGate
    /// Builds a call context for the configured gate endpoint (the client's request builder).
    let build: @Sendable (any Endpoint) throws -> CallContext
    /// The service's gate endpoint, used when the gate was not given one itself.
    var fallback: (any Endpoint)? = nil

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        if context.options.isGate {
            let response = try await next(context)
            if response.isSuccess { gate.didPass(context) }
            return response
        }
        if gate.isOpen { return try await next(context) }
        guard let opening = try gate.openingContext(build: build, fallback: fallback) else { return try await next(context) }
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
                    return SpecwrightError(.configUnavailable("the gate call \(opening.operationName) failed: \(reason)"))
                })
        } catch is CancellationError {
            throw SpecwrightError(.cancelled)
        }
        return try await next(context)
    }
}
