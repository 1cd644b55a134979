import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One attempt of a download task: where it asked the body to start (`Range`), and when it began
/// (to recognise the platform's temporary file of an interrupted task: `PlatformDownloadFile`).
struct DownloadAttempt: Sendable {
    let download: FileDownload
    let offset: Int64
    let start: Date
}

/// The end of download tasks that did not finish: the bytes of an attempt cut mid-body are kept
/// for the next attempt (`DownloadResume`); those of an attempt ended on purpose (cancelled, timed
/// out, over a limit: `fail(_:with:)`), or that cannot be resumed, are removed — FoundationNetworking
/// leaves them in the temporary directory otherwise.
extension SessionDelegate {
    /// Registers `task`'s attempt (before it is resumed).
    func register(_ attempt: DownloadAttempt, for task: URLSessionTask) {
        downloadAttempts.withLock { $0[task.taskIdentifier] = attempt }
    }

    func downloadAttempt(of task: URLSessionTask) -> DownloadAttempt? {
        downloadAttempts.withLock { $0[task.taskIdentifier] }
    }

    /// Called for every completed task. `whileRunning`: the exchange was still waiting for the task
    /// (an interruption the caller may retry), not already ended by `fail(_:with:)`.
    func endDownloadAttempt(of task: URLSessionTask, error: (any Error)?, whileRunning: Bool) {
        guard let attempt = downloadAttempts.withLock({ $0.removeValue(forKey: task.taskIdentifier) }), error != nil
        else { return }
        let received = task.countOfBytesReceived
        guard let file = PlatformDownloadFile.find(size: received, modifiedSince: attempt.start) else { return }
        let response = task.response as? HTTPURLResponse
        guard whileRunning, Self.mayResume(response) else { return PartialFile.remove(file) }
        attempt.download.resume.keepInterrupted(
            file, offset: attempt.offset, expected: task.countOfBytesExpectedToReceive,
            validator: Self.validator(of: response))
    }

    /// `error`, or `networkConnectionLost` when it is FoundationNetworking's `unknown` error for a
    /// body that ended before its `Content-Length` ("transfer closed with n bytes remaining to
    /// read": curl's partial-file error, which Apple platforms report as a lost connection), so the
    /// retry policy sees the same error on every platform.
    static func connectionLost(_ error: any Error, task: URLSessionTask) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unknown else { return error }
        let expected = task.countOfBytesExpectedToReceive
        guard expected > 0, task.countOfBytesReceived < expected else { return error }
        return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
    }

    /// Whether an interrupted response's bytes may be continued: a 200 or 206 that does not refuse
    /// ranges, or a response the platform did not show (FoundationNetworking; the next attempt's
    /// `206` is then checked against the bytes kept).
    static func mayResume(_ response: HTTPURLResponse?) -> Bool {
        guard let response else { return true }
        let fields = HTTPResponse(response, body: Data())
        return [200, 206].contains(response.statusCode) && fields.header("Accept-Ranges")?.lowercased() != "none"
    }

    /// The validator for `If-Range` (RFC 9110 §13.1.5): a strong `ETag`, else `Last-Modified`.
    static func validator(of response: HTTPURLResponse?) -> String? {
        guard let response else { return nil }
        let fields = HTTPResponse(response, body: Data())
        if let etag = fields.header("ETag"), !etag.hasPrefix("W/") { return etag }
        return fields.header("Last-Modified")
    }
}
