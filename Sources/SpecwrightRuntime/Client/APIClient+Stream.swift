import Foundation

extension APIClient {
    /// Sends `endpoint` and returns as soon as the response head arrives, with the body to read
    /// chunk by chunk as the server sends it (`for try await chunk in response.value`).
    ///
    /// Streamed calls run the attempt loop — interceptors, credentials, token refresh, and the
    /// endpoint's retry policy up to the moment a 2xx head arrives — but not the data layer: they
    /// are never cached, de-duplicated or unwrapped from an envelope, and never retried once the
    /// body is handed over. A status other than 2xx fails the call as any call would (its body,
    /// read into memory up to the size limit, decodes as the typed error body).
    ///
    /// Reading the body throws `SpecwrightError`: `.timeout` when the server stays silent for the
    /// endpoint's timeout (it bounds the wait for the head and then each wait for the next chunk),
    /// `.cancelled`, `.transport` for a connection lost mid-body, `.responseTooLarge` when more than
    /// `TransferLimits.maximumResponseBytes` are received but not read. Leaving the loop early or
    /// cancelling the reading task cancels the request. For server-sent events and JSON Lines, use
    /// ``events(_:as:reconnect:terminator:)`` and ``jsonLines(_:as:accept:)``, which decode the body.
    public func stream(_ endpoint: some Endpoint) async throws -> APIResponse<HTTPBody> {
        try await streamed(endpoint, adjust: nil)
    }

    /// `stream(_:)` with `adjust` applied to the built request.
    func streamed(_ endpoint: some Endpoint, adjust: ((inout HTTPRequest) -> Void)?) async throws
        -> APIResponse<HTTPBody>
    {
        let operation = endpoint.operationName
        let method = endpoint.method
        return try await perform(endpoint, destination: .stream, direct: attemptsOnly, adjust: adjust) {
            response, _ throws(SpecwrightError) in
            let body = response.streamedBody ?? HTTPBody(response.body)
            return HTTPBody(
                ErrorMappingChunks(base: body, operationName: operation, method: method), length: body.length)
        }
    }
}

/// A body whose errors are `SpecwrightError`s with the call's operation and method, like the
/// errors of the call that returned it (and, like those, an app's own error as it was thrown).
struct ErrorMappingChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let base: HTTPBody
    let operationName: String
    let method: HTTPMethod

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), operationName: operationName, method: method)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let operationName: String
        let method: HTTPMethod

        mutating func next() async throws -> Data? {
            do {
                return try await base.next()
            } catch {
                var mapped = (error as? SpecwrightError) ?? SpecwrightError(AttemptLoop.map(error))
                if mapped.operationName.isEmpty { mapped.operationName = operationName }
                if mapped.method == nil { mapped.method = method }
                throw mapped.surfaced
            }
        }
    }
}
