import Foundation

/// Sends one request and returns the response, whatever its status.
///
/// Implementations throw `URLError` (or `SpecwrightError`) for transport failures and
/// `CancellationError` when the task is cancelled; they never interpret statuses. Any other error
/// a transport throws is its own: it reaches the caller exactly as thrown (never offline, not retried).
///
/// Two ways to exchange: ``send(_:)`` returns the whole body in memory — the fast path of every
/// JSON call — and ``stream(_:)`` returns as soon as the response head arrives, with a body that
/// delivers chunks as they come (server-sent events, JSON Lines, large bodies). A transport that
/// only implements `send(_:)` still streams, in one chunk (the default `stream(_:)`).
public protocol HTTPTransport: Sendable {
    /// Performs one HTTP exchange with the whole response body in memory.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Performs one HTTP exchange and returns when the response head (status and header fields)
    /// has arrived; the body's chunks follow through `HTTPStreamedResponse.body`.
    ///
    /// The body errors are the transport's (`URLError`, `CancellationError`, `SpecwrightError`).
    /// Releasing the body's iterator before its end, or cancelling the iterating task, must cancel
    /// the exchange. `request.timeout` bounds the wait for the response head and then each wait
    /// for the next chunk (an idle timeout: a stream may run for as long as it delivers), and
    /// `request.limits.maximumResponseBytes` bounds the bytes received but not yet read.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse
}

extension HTTPTransport {
    /// Sends with ``send(_:)`` and delivers the whole body as one chunk.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
        let response = try await send(request)
        return HTTPStreamedResponse(status: response.status, headers: response.headers, body: HTTPBody(response.body))
    }
}
