import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed exchanges (`URLSessionTransport.stream(_:)`): the head is handed to the caller as soon
/// as it arrives and every chunk then goes into the body's `ChunkChannel`. The same delegate runs on
/// Linux and Apple platforms. The exchange is cancelled when the reader leaves, is cancelled, or
/// drops the body.
///
/// A reader that lags behind: on Apple platforms the channel suspends the task (TCP then slows the
/// server down) until the reader catches up. FoundationNetworking has no such brake — it hands
/// every chunk curl reads to the delegate queue asynchronously, and `suspend()` does not stop a
/// running transfer (measured: a reader that paused after its first chunk had all 256 MB of a
/// flood in memory) — so there the unread bytes are held to `TransferLimits.maximumResponseBytes`
/// and the body fails with `.responseTooLarge` beyond it.
extension SessionDelegate {
    /// One running streamed exchange.
    ///
    /// `@unchecked Sendable`: `head` and `pending` are read and written only under `lock`;
    /// `channel` is a weak reference (the body's readers own the channel); `clock` is touched only
    /// on the delegate's serial queue.
    final class StreamTransfer: @unchecked Sendable {
        let monitor: TransferMonitor
        let deadline: IdleDeadline
        private let lock = NSLock()
        /// Resumed once, with the head or the error that came first.
        private var head: CheckedContinuation<HTTPStreamedResponse, any Error>?
        /// Owned here until the head is handed over; from then on the body's readers own it, and
        /// when they are all gone the channel cancels the exchange.
        private var pending: ChunkChannel?
        private weak var channel: ChunkChannel?
        var clock = TransportStopwatch()

        init(
            monitor: TransferMonitor, deadline: IdleDeadline,
            head: CheckedContinuation<HTTPStreamedResponse, any Error>, channel: ChunkChannel
        ) {
            self.monitor = monitor
            self.deadline = deadline
            self.head = head
            self.pending = channel
            self.channel = channel
        }

        /// The channel, whoever owns it now (`nil` once its readers dropped it).
        var body: ChunkChannel? { lock.withLock { pending ?? channel } }

        /// Whether the head is still awaited.
        var awaitsHead: Bool { lock.withLock { head != nil } }

        /// The head's continuation, once; `nil` when it was resumed already.
        func takeHead() -> CheckedContinuation<HTTPStreamedResponse, any Error>? {
            lock.withLock {
                defer { head = nil }
                return head
            }
        }

        /// Gives up ownership of the channel (the head goes out with it).
        func handOver() -> ChunkChannel? {
            lock.withLock {
                defer { pending = nil }
                return pending
            }
        }
    }

    /// Registers `task` (not yet resumed) as a streamed exchange, arms its idle deadline and
    /// resumes it; `continuation` gets the head.
    func startStream(
        _ task: URLSessionTask, monitor: TransferMonitor,
        continuation: CheckedContinuation<HTTPStreamedResponse, any Error>
    ) {
        let channel = ChunkChannel(limit: monitor.request.limits.maximumResponseBytes)
        let deadline = IdleDeadline(timeout: monitor.request.timeout) { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(task, with: URLError(.timedOut))
        }
        #if !canImport(FoundationNetworking)
            channel.onPause = { [weak task] in
                deadline.pause()
                task?.suspend()
            }
            channel.onResume = { [weak task] in
                deadline.resume()
                task?.resume()
            }
        #endif
        channel.onCancel = { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(task, with: CancellationError())
        }
        let transfer = StreamTransfer(monitor: monitor, deadline: deadline, head: continuation, channel: channel)
        streams.withLock { $0[task.taskIdentifier] = transfer }
        canceller.track(task)
        deadline.arm()
        task.resume()
    }

    func stream(for task: URLSessionTask) -> StreamTransfer? {
        streams.withLock { $0[task.taskIdentifier] }
    }

    /// Ends a streamed exchange with `error`: the caller waiting for the head, or else the body's
    /// reader, gets it. `false` when `task` is not a running streamed exchange.
    func failStream(_ task: URLSessionTask, with error: any Error) -> Bool {
        guard let transfer = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return false }
        transfer.deadline.stop()
        transfer.monitor.disarm()
        if let head = transfer.takeHead() {
            head.resume(throwing: error)
        } else {
            transfer.body?.finish(throwing: error)
        }
        return true
    }

    /// The head arrived: the caller gets it with the body, which from now on belongs to its readers.
    func deliverHead(_ transfer: StreamTransfer, response: URLResponse) {
        transfer.clock.markResponse()
        transfer.deadline.touch()
        guard let http = response as? HTTPURLResponse else { return }
        guard let head = transfer.takeHead() else { return }
        guard let channel = transfer.handOver() else { return head.resume(throwing: CancellationError()) }
        let length = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
        var streamed = HTTPStreamedResponse(status: http.statusCode, headers: HTTPResponse(http, body: Data()).headers)
        streamed.body = HTTPBody(source: .channel(channel), length: length)
        streamed.timings = transfer.clock.finish()
        head.resume(returning: streamed)
    }

    /// A chunk arrived for a streamed exchange.
    func receiveStreamed(_ data: Data, on task: URLSessionDataTask, transfer: StreamTransfer) {
        transfer.deadline.touch()
        guard let channel = transfer.body, channel.yield(data) else {
            // The readers are gone or the unread bytes crossed the limit: the body has ended.
            return fail(task, with: CancellationError())
        }
    }

    /// The exchange ended: the body ends after its last chunk (or with `error`).
    func completeStream(_ task: URLSessionTask, error: (any Error)?) {
        guard let transfer = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.deadline.stop()
        transfer.monitor.disarm()
        if transfer.awaitsHead, error == nil, let response = task.response {
            // The platform did not report the head separately: it comes with the whole body.
            deliverHead(transfer, response: response)
        }
        if let head = transfer.takeHead() {
            head.resume(throwing: error ?? URLError(.badServerResponse))
            return
        }
        transfer.body?.finish(throwing: error)
    }
}
