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
    /// Whether downloads run as download tasks: on a background session (Apple platforms), which
    /// runs no data tasks. Elsewhere a data task's delegate writes the file (`SessionDelegate+FileBody.swift`).
    let usesDownloadTasks: Bool

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
        #if canImport(FoundationNetworking)
            let bounded = BoundedDelegateQueue()
            let queue: OperationQueue = bounded
            let delegate = SessionDelegate(canceller: TaskCanceller(delegateQueue: bounded))
        #else
            let queue = OperationQueue()
            let delegate = SessionDelegate()
        #endif
        queue.maxConcurrentOperationCount = 1
        queue.name = "SpecwrightRuntime.URLSessionTransport"
        usesDownloadTasks = configuration.identifier != nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs the exchange as a data task whose events go through the session delegate (an
    /// upload task when the request has a `streamedBody`). When the request's destination is a
    /// file, the delegate writes a 2xx body to a file of its own next to the destination and, after
    /// an interrupted attempt, asks for the rest with `Range` / `If-Range` (`DownloadResume`); on a
    /// background session a download task carries it instead.
    ///
    /// The deadline is the transport's own timer: FoundationNetworking (Linux) truncates
    /// `timeoutInterval` to whole seconds (0.5 s timed out after 10 ms here) and treats it, like
    /// Apple platforms, as an idle timeout only; so the request's idle timeout is the deadline
    /// rounded up, and the timer cancels the task when the deadline passes.
    ///
    /// A redirect that must send the body again (307/308) is followed here, not by the session,
    /// which would drop the body on Linux (`BodyRedirect`).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let deadline = Date().addingTimeInterval(request.timeout)
        var hop = request
        var hops = 0
        while true {
            let response = try await send(hop, redirectsSoFar: hops)
            guard
                let next = BodyRedirect.next(
                    after: response, to: hop, original: request, hops: hops,
                    timeLeft: deadline.timeIntervalSinceNow)
            else { return response }
            guard next.timeout > 0 else { throw URLError(.timedOut) }
            hop = next
            hops += 1
        }
    }

    private func send(_ request: HTTPRequest, redirectsSoFar: Int) async throws -> HTTPResponse {
        let delegate = try sessionDelegate()
        let prepared = try await prepare(request, streaming: false, delegate: delegate)
        defer { prepared.discardSpool() }
        let task = prepared.task
        let monitor = TransferMonitor(request: request, redirects: redirectsSoFar)
        do {
            return try await Self.run(task, on: delegate) {
                delegate.start(task, monitor: monitor, fileBody: prepared.fileBody, continuation: $0)
            }
        } catch {
            throw prepared.error(replacing: error)
        }
    }

    /// Performs the exchange as a data task and returns at the response head; the body's chunks
    /// arrive through the session delegate as the server sends them (on Linux and Apple platforms
    /// alike), and the task is cancelled when the reader leaves its loop, is cancelled, or drops
    /// the body. A reader that lags behind: on Apple platforms the task is suspended while more
    /// than a megabyte (at most half of `limits.maximumResponseBytes`) waits unread;
    /// FoundationNetworking cannot hold a transfer back, so there the body fails with
    /// `.responseTooLarge` once `limits.maximumResponseBytes` wait unread. `request.timeout`
    /// bounds the wait for the head and then each silence between chunks (time the reader holds
    /// the task suspended does not count). A `streamedBody` is uploaded from its file (or spooled
    /// to a temporary file first).
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
        let delegate = try sessionDelegate()
        var plain = request
        plain.destination = .memory
        let prepared = try await prepare(plain, streaming: true, delegate: delegate)
        defer { prepared.discardSpool() }
        let task = prepared.task
        let monitor = TransferMonitor(request: plain)
        do {
            return try await Self.run(task, on: delegate) {
                delegate.startStream(task, monitor: monitor, continuation: $0)
            }
        } catch {
            throw prepared.error(replacing: error)
        }
    }

    /// Registers and resumes `task` with `start` and waits for what the delegate hands back;
    /// cancelling the calling task ends the exchange at once.
    private static func run<Result>(
        _ task: URLSessionTask, on delegate: SessionDelegate, start: (CheckedContinuation<Result, any Error>) -> Void
    ) async throws -> Result {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(continuation)
                // Cancelled before the task was registered: the cancellation handler found nothing to end.
                if Task.isCancelled { delegate.fail(task, with: CancellationError()) }
            }
        } onCancel: {
            delegate.fail(task, with: CancellationError())
        }
    }

    private func sessionDelegate() throws -> SessionDelegate {
        guard let delegate = session.delegate as? SessionDelegate else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "the session's delegate was replaced"])
        }
        return delegate
    }
}
