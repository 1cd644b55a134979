import Foundation

extension APIClient {
    /// Sends `endpoint` — typically a large body: bytes, a file, or a multipart body whose file
    /// parts are read from disk as they are sent — calling `progress` with the request body's bytes
    /// sent so far and its size, and decodes the response body as `R`.
    ///
    /// Uploads run the whole pipeline, as `response(_:as:)` does (gate, envelope, interceptors,
    /// credentials, token refresh). They are retried only when the endpoint may be repeated (an
    /// idempotent method, or `EndpointOptions(isIdempotent: true)`, which also sends an
    /// `Idempotency-Key`); each retry sends the body again from its start, so `progress` starts
    /// over from 0. `progress` runs on the transport's queue: keep it short (hop to the main actor
    /// for UI). With a transport that does not report progress (`StubTransport`, a custom one),
    /// `progress` is called once with the whole body when the response arrived.
    @discardableResult
    public func upload<R: Decodable & Sendable>(
        _ endpoint: some Endpoint, as type: R.Type, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> APIResponse<R> {
        let decoder = self.decoder
        let observer = UploadObserver(progress: progress)
        return try await perform(endpoint, upload: observer) { response, metadata throws(SpecwrightError) in
            Self.reportCompletion(to: observer, metadata: metadata)
            do {
                return try decoder.decode(R.self, from: response.body)
            } catch {
                throw SpecwrightError(SpecwrightError.decoding(error))
            }
        }
    }

    /// Sends `endpoint` like ``upload(_:as:progress:)`` and returns the raw response body.
    @discardableResult
    public func upload(_ endpoint: some Endpoint, progress: @escaping @Sendable (TransferProgress) -> Void) async throws
        -> APIResponse<Data>
    {
        let observer = UploadObserver(progress: progress)
        return try await perform(endpoint, upload: observer) { response, metadata in
            Self.reportCompletion(to: observer, metadata: metadata)
            return response.body
        }
    }

    /// Reports the whole body when the transport reported nothing (the last attempt's body size).
    private static func reportCompletion(to observer: UploadObserver, metadata: ResponseMetadata) {
        guard observer.reportedBytes == nil else { return }
        let size = Int64(metadata.bytesSent / max(1, metadata.attempts))
        observer.report(sent: size, of: size)
    }
}
