import Foundation

/// Sends one request and returns the response, whatever its status.
///
/// Implementations throw `URLError` (or `SpecwrightError`) for transport failures and
/// `CancellationError` when the task is cancelled; they never interpret statuses.
public protocol HTTPTransport: Sendable {
    /// Performs one HTTP exchange.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
