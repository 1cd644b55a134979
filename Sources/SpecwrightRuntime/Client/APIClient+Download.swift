import Foundation

extension APIClient {
    /// Downloads the body of `endpoint`'s 2xx response into the file at `destination`, with memory
    /// bounded whatever its size, and returns `destination`.
    ///
    /// The body is written to a temporary file next to `destination` as it arrives and moved into
    /// place only once it is complete: after a failure, a timeout or a cancellation of the calling
    /// task no file is left behind and an existing file at `destination` is untouched (on success it
    /// is replaced). `progress` is called on the transport's queue with the bytes written so far
    /// (`URLSessionTransport`: after every 256 KiB written), with non-decreasing values that end at
    /// the total (`Content-Length`, else the bytes received).
    ///
    /// Downloads run the attempt loop (interceptors, credentials, token refresh, retries under the
    /// endpoint's policy) but not the data layer: they
    /// are never cached, de-duplicated or unwrapped from an envelope. `TransferLimits.maximumResponseBytes`
    /// bounds in-memory bodies only (an error response's body); the endpoint's timeout is the
    /// deadline for the whole download, so give large files a generous one
    /// (`EndpointOptions(timeout:)`). When an attempt is cut mid-body and the policy retries, the
    /// retry asks for the rest only (`Range`, with `If-Range` when the response had a strong `ETag`
    /// or a `Last-Modified`), checks that it continues the bytes kept, and otherwise starts again from 0; the
    /// kept bytes never outlive the call. A transport that does not write files itself (a custom one,
    /// or `StubTransport`) returns the body in memory and it is written to `destination` here.
    @discardableResult
    public func download(
        _ endpoint: some Endpoint, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> APIResponse<URL> {
        let download = FileDownload(destination: destination, progress: progress)
        defer { download.resume.finish() }
        return try await perform(endpoint, destination: .file(download), direct: attemptsOnly) {
            response, _ throws(SpecwrightError) in
            if response.bodyFile == nil {
                do {
                    try response.body.write(to: destination, options: .atomic)
                } catch {
                    throw SpecwrightError(
                        .transport(
                            URLError(
                                .cannotWriteToFile,
                                userInfo: [NSLocalizedDescriptionKey: "cannot write the download: \(error)"])))
                }
                let total = Int64(response.body.count)
                progress?(TransferProgress(completedBytes: total, totalBytes: total))
            }
            return destination
        }
    }
}
