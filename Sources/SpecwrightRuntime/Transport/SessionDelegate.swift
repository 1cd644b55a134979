import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of `URLSessionTransport`'s session: collects each task's response and body (or,
/// for a download task, places its file: `SessionDelegate+Download.swift`; for a streamed
/// exchange, hands the body on as it arrives: `SessionDelegate+Stream.swift`) and
/// runs every event through the task's `TransferMonitor`, cancelling the task the moment a limit
/// is broken. One delegate serves all tasks of a session; tasks are keyed by identifier.
///
/// `@unchecked Sendable`: `transfers` is a `Locked` dictionary; a `Transfer`'s mutable fields are
/// only touched from the session's delegate queue, which is serial (`maxConcurrentOperationCount` 1).
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One running exchange.
    final class Transfer: @unchecked Sendable {
        let monitor: TransferMonitor
        let continuation: CheckedContinuation<HTTPResponse, any Error>
        var body = Data()
        /// Measured by this delegate on every platform; `URLSessionTaskMetrics` add the phases
        /// where the platform delivers them (not FoundationNetworking: see `TransportTimings`).
        var clock = TransportStopwatch()
        /// A download's attempt, whose 2xx body goes to a file (`SessionDelegate+FileBody.swift`).
        let fileBody: FileBodyAttempt?

        init(
            monitor: TransferMonitor, continuation: CheckedContinuation<HTTPResponse, any Error>,
            fileBody: FileBodyAttempt?
        ) {
            self.monitor = monitor
            self.continuation = continuation
            self.fileBody = fileBody
        }
    }

    let transfers = Locked<[Int: Transfer]>([:])
    /// Each download task's attempt (`SessionDelegate+Download.swift`), kept until the task
    /// completes — also after `fail(_:with:)` ended its exchange early.
    let downloadAttempts = Locked<[Int: DownloadAttempt]>([:])
    /// Each download's data-task attempt, kept until the task completes (its file is removed or kept
    /// then, also after `fail(_:with:)` ended the exchange early).
    let fileBodies = Locked<[Int: FileBodyAttempt]>([:])
    /// The streamed exchanges, apart so the buffered path's lookups stay as they were.
    let streams = Locked<[Int: StreamTransfer]>([:])
    /// Sends the cancels of `fail(_:with:)` so that none meets a completed task (`TaskCanceller`).
    let canceller: TaskCanceller

    /// A delegate whose cancels go through `canceller` (on Linux, one that knows the session's
    /// delegate queue).
    init(canceller: TaskCanceller = TaskCanceller()) {
        self.canceller = canceller
        super.init()
    }

    /// Registers `task` (not yet resumed), arms its deadline and resumes it; `fileBody`: the
    /// download attempt whose 2xx body this delegate writes to a file.
    func start(
        _ task: URLSessionTask, monitor: TransferMonitor, fileBody: FileBodyAttempt? = nil,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        let transfer = Transfer(monitor: monitor, continuation: continuation, fileBody: fileBody)
        if let fileBody { fileBodies.withLock { $0[task.taskIdentifier] = fileBody } }
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        canceller.track(task)
        monitor.armDeadline { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(task, with: URLError(.timedOut))
        }
        task.resume()
    }

    func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    /// Ends `task`'s exchange with `error` now — the caller gets the error at once — and cancels
    /// the task. Safe from any queue; later events of the task are ignored.
    ///
    /// The cancel is sent by `canceller`, from a global queue and not awaited: FoundationNetworking's
    /// `cancel()` waits for the session's work queue, which a transfer that keeps decoding (a gzip
    /// bomb) keeps busy — measured: 42 s for 10 MB of gzip. Called on the delegate queue it also
    /// stalls this delegate, and the chunks curl keeps producing pile up unprocessed. Until the
    /// cancel lands, the delegate drops every chunk, so memory stays bounded.
    func fail(_ task: URLSessionTask, with error: any Error) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            if failStream(task, with: error) { canceller.cancel(task) }
            return
        }
        transfer.monitor.disarm()
        // The caller may look at the destination's directory at once: the attempt's file goes now
        // (its descriptor, still written on the delegate queue, is closed when the task completes).
        if let fileBody = transfer.fileBody { unlink(fileBody.writer.file.path) }
        transfer.continuation.resume(throwing: error)
        canceller.cancel(task)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let transfer = transfer(for: dataTask) {
            transfer.clock.markResponse()
            if let fileBody = transfer.fileBody, receiveHead(response, for: fileBody) {
                // A 2xx body for a file: no size limit (an error response's body is held to it).
            } else if let error = transfer.monitor.check(response) {
                fail(dataTask, with: error)
                completionHandler(.cancel)
                return
            }
        } else if let stream = stream(for: dataTask) {
            deliverHead(stream, response: response)
        }
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let monitor = transfer(for: task)?.monitor ?? stream(for: task)?.monitor
        completionHandler(monitor?.redirect(request, after: response))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else {
            if let stream = stream(for: dataTask) { receiveStreamed(data, on: dataTask, transfer: stream) }
            return
        }
        if let fileBody = transfer.fileBody, fileBody.toFile {
            return receiveFileChunk(data, for: fileBody, on: dataTask)
        }
        if let error = transfer.monitor.check(received: transfer.body.count, adding: data.count) {
            fail(dataTask, with: error)
            return
        }
        transfer.body.append(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let request = transfer(for: task)?.monitor.request, let observer = request.uploadObserver else { return }
        // FoundationNetworking expects 0 bytes of a stream body (`BodyInputStream`): its length is the body's.
        let expected = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : request.streamedBody?.length
        observer.report(sent: totalBytesSent, of: expected ?? (totalBytesExpectedToSend >= 0 ? 0 : nil))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        if let transfer = transfer(for: task) {
            transfer.clock.metrics = TransportTimings(metrics)
        } else {
            stream(for: task)?.clock.metrics = TransportTimings(metrics)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        canceller.complete(task)
        let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
        endDownloadAttempt(of: task, error: error, whileRunning: transfer != nil)
        if transfer == nil || transfer?.fileBody != nil,
            let fileBody = fileBodies.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
        {
            return complete(fileBody, transfer: transfer, task: task, error: error)
        }
        guard let transfer else {
            return completeStream(task, error: error.map { Self.connectionLost($0, task: task) })
        }
        transfer.monitor.disarm()
        if let error {
            transfer.continuation.resume(throwing: Self.connectionLost(error, task: task))
        } else if let http = task.response as? HTTPURLResponse {
            var response = HTTPResponse(http, body: transfer.body)
            response.timings = transfer.clock.finish()
            transfer.continuation.resume(returning: response)
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}

extension HTTPResponse {
    /// The response of `http` with `body`. Foundation hands over repeated fields joined by `", "`;
    /// `Set-Cookie`, whose values cannot be joined (RFC 9110 §5.3), is split back into one field
    /// per cookie (``HTTPFields/splitSetCookie(_:)``).
    init(_ http: HTTPURLResponse, body: Data) {
        var fields: [HTTPHeader] = []
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            if HTTPHeader.namesMatch(name, "Set-Cookie") {
                fields += HTTPFields.splitSetCookie(value).map { HTTPHeader(name, $0) }
            } else {
                fields.append(HTTPHeader(name, value))
            }
        }
        fields.sort { $0.name.lowercased() < $1.name.lowercased() }  // stable: cookies keep their order
        self.init(status: http.statusCode, headers: HTTPFields(fields), body: body)
    }
}
