import Foundation

extension AttemptLoop {
    /// One attempt of a streamed call (`ResponseDestination.stream`): `HTTPTransport.stream(_:)`,
    /// then a 2xx head goes on with its body unread (`HTTPResponse.streamedBody`), so the call
    /// returns as soon as the head arrives and the body is never retried once handed over. Any
    /// other status's body is read into memory, up to the size limit, so the status handling,
    /// retries before the stream and typed error bodies work as for any call.
    static func streamedExchange(_ request: HTTPRequest, over transport: any HTTPTransport) async throws -> HTTPResponse
    {
        let streamed = try await transport.stream(request)
        guard (200..<300).contains(streamed.status) else {
            return streamed.buffered(try await streamed.body.collect(upTo: request.limits.maximumResponseBytes))
        }
        var response = streamed.buffered(Data())
        response.streamedBody = streamed.body
        return response
    }
}
