import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: one `URLSession` per client, with `URLCache` disabled (it is not
/// honoured on Linux, and the runtime has its own cache) and cookies not stored.
///
/// Every exchange runs through the session's delegate, which enforces the request's limits as
/// events arrive, on every platform: `HTTPRequest.timeout` is a total deadline per attempt (a
/// server dripping one byte per second cannot stretch it), and the body may not grow past
/// `HTTPRequest.limits.maximumResponseBytes` (counted after gzip/deflate decoding, so a compressed
/// bomb is stopped by what it inflates to).
public final class URLSessionTransport: HTTPTransport {
    /// The session (immutable after `init`; `URLSession` is thread-safe). Its delegate belongs to
    /// the transport: do not start tasks on it yourself.
    public let session: URLSession

    /// Creates a transport over a new ephemeral session without URL cache or cookie storage.
    /// `maximumConnectionsPerHost` defaults to 6, the common browser limit.
    public convenience init(maximumConnectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        self.init(configuration: configuration)
    }

    /// Creates a transport over a new session with `configuration` (proxies, TLS settings, headers…);
    /// the transport installs its own delegate, which enforces the request limits.
    public init(configuration: URLSessionConfiguration) {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "SpecwrightRuntime.URLSessionTransport"
        session = URLSession(configuration: configuration, delegate: SessionDelegate(), delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs the exchange as a data task whose events go through the session delegate (a
    /// download task when the request's destination is a file; after an interrupted attempt it asks
    /// for the rest with `Range` / `If-Range`: `DownloadResume`).
    ///
    /// The deadline is the transport's own timer: FoundationNetworking (Linux) truncates
    /// `timeoutInterval` to whole seconds (0.5 s timed out after 10 ms here) and treats it, like
    /// Apple platforms, as an idle timeout only; so the request's idle timeout is the deadline
    /// rounded up, and the timer cancels the task when the deadline passes.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let delegate = session.delegate as? SessionDelegate else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "the session's delegate was replaced"])
        }
        let timeout = try RequestTimeout.validated(request.timeout, source: "the request timeout")
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = timeout.rounded(.up)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        let task: URLSessionTask
        if case .file(let download) = request.destination {
            let attempt = download.resume.nextAttempt()
            for header in attempt.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
            task = session.downloadTask(with: urlRequest)
            delegate.register(DownloadAttempt(download: download, offset: attempt.offset, start: Date()), for: task)
        } else {
            task = session.dataTask(with: urlRequest)
        }
        let monitor = TransferMonitor(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.start(task, monitor: monitor, continuation: continuation)
                // Cancelled before the task was registered: the cancellation handler found nothing to end.
                if Task.isCancelled { delegate.fail(task, with: CancellationError()) }
            }
        } onCancel: {
            delegate.fail(task, with: CancellationError())
        }
    }
}
