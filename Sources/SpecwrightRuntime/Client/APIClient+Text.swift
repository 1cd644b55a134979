import Foundation

extension APIClient {
    /// Sends `endpoint` and returns its response body as text: read with the charset the
    /// response's `Content-Type` names, UTF-8 when it names none (``TextBody/decode(_:contentType:)``).
    /// A body that is not text in that charset throws a `SpecwrightError` of kind `decoding`.
    public func sendText(_ endpoint: some Endpoint) async throws -> String {
        try await textResponse(endpoint).value
    }

    /// ``sendText(_:)`` with the response's status, headers, attempts and metadata.
    public func textResponse(_ endpoint: some Endpoint) async throws -> APIResponse<String> {
        try await perform(endpoint) { response, _ throws(SpecwrightError) in
            try TextBody.decode(response.body, contentType: response.headers["Content-Type"])
        }
    }

    /// ``sendText(_:)`` with `endpoint`'s cache options replaced for this call.
    public func sendText(_ endpoint: some Endpoint, cache: CacheOverride) async throws -> String {
        try await sendText(CacheOverridingEndpoint(base: endpoint, override: cache))
    }

    /// ``sendText(_:)`` with the progress of the request body (see ``upload(_:progress:)``).
    public func uploadText(_ endpoint: some Endpoint, progress: @escaping @Sendable (TransferProgress) -> Void)
        async throws -> APIResponse<String>
    {
        let response = try await upload(endpoint, progress: progress)
        let text: String
        do {
            text = try TextBody.decode(response.value, contentType: response.headers["Content-Type"])
        } catch {
            var failure = error
            failure.operationName = endpoint.operationName
            failure.method = endpoint.method
            failure.attempts = response.attempts
            throw failure
        }
        return APIResponse(
            value: text, status: response.status, headers: response.headers, attempts: response.attempts,
            metadata: response.metadata)
    }
}
