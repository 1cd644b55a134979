import Foundation

/// The hand-over between a transport that receives a body (the producer: a session delegate) and
/// the one task that iterates it (the consumer: `HTTPBody.AsyncIterator`).
///
/// Bounded: the producer is asked to pause (`onPause`: on Apple platforms the transport suspends its
/// task, so TCP slows the server down) once `highWater` bytes wait unread, and to go on (`onResume`)
/// when the consumer has drained them below a quarter of that. Should bytes keep arriving anyway —
/// FoundationNetworking cannot pause, see `SessionDelegate+Stream.swift` — the body fails with
/// `.responseTooLarge` when `limit` bytes wait unread, so a fast server and a slow consumer can
/// never exhaust memory. `onCancel` runs once when the consumer gives
/// up first (it left its loop, its task was cancelled): the transport then cancels the exchange.
///
/// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held; the
/// callbacks are set before the channel is shared and called outside the lock.
final class ChunkChannel: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Data] = []
    private var head = 0
    private var buffered = 0
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<Data?, any Error>?
    private var isClaimed = false
    private var isPaused = false
    private var consumerLeft = false

    let highWater: Int
    let limit: Int
    var onPause: (@Sendable () -> Void)?
    var onResume: (@Sendable () -> Void)?
    var onCancel: (@Sendable () -> Void)?

    /// A channel that pauses the producer at `highWater` unread bytes and fails at `limit`.
    init(limit: Int, highWater: Int? = nil) {
        self.limit = max(1, limit)
        self.highWater = max(1, min(highWater ?? 1 << 20, self.limit / 2))
    }

    /// Dropped by every reader before its end (a body never iterated, say): the exchange is cancelled.
    deinit {
        if end == nil { onCancel?() }
    }

    // MARK: Producer

    /// Hands `chunk` to the consumer; `false` when the body has ended (the consumer left, or the
    /// unread bytes crossed the limit) and the producer should stop the exchange.
    @discardableResult
    func yield(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return true }
        lock.lock()
        if end != nil {
            lock.unlock()
            return false
        }
        if let waiting = waiter {
            waiter = nil
            lock.unlock()
            waiting.resume(returning: chunk)
            return true
        }
        guard buffered + chunk.count <= limit else {
            dropBuffered()
            lock.unlock()
            finish(throwing: TransferLimits(maximumResponseBytes: limit).tooLarge())
            return false
        }
        chunks.append(chunk)
        buffered += chunk.count
        let pause = !isPaused && buffered >= highWater
        if pause { isPaused = true }
        lock.unlock()
        if pause { onPause?() }
        return true
    }

    /// Ends the body: after the unread chunks (those that arrived before a lost connection are
    /// still good) the consumer gets `nil`, or `error` when given. Later calls are ignored.
    func finish(throwing error: (any Error)? = nil) {
        lock.lock()
        guard end == nil else { return lock.unlock() }
        end = error.map { .failure($0) } ?? .success(())
        let waiting = waiter
        waiter = nil
        lock.unlock()
        if let error { waiting?.resume(throwing: error) } else { waiting?.resume(returning: nil) }
    }

    // MARK: Consumer

    /// The next chunk; `nil` at the end. Cancelling the calling task ends the body.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                lock.lock()
                if head < chunks.count {
                    let chunk = chunks[head]
                    head += 1
                    buffered -= chunk.count
                    if head == chunks.count { chunks.removeAll(keepingCapacity: true); head = 0 }
                    let resume = isPaused && buffered <= highWater / 4
                    if resume { isPaused = false }
                    lock.unlock()
                    if resume { onResume?() }
                    continuation.resume(returning: chunk)
                    return
                }
                switch end {
                case .failure(let error)?:
                    end = .success(())  // the error is thrown once; then the body is over
                    lock.unlock()
                    continuation.resume(throwing: error)
                case .success?:
                    lock.unlock()
                    continuation.resume(returning: nil)
                case nil:
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            consumerGone(with: CancellationError())
        }
    }

    /// The consumer gave up (`error` is what a waiting `next()` throws): the body ends and, unless
    /// it had ended already, the producer is told to cancel the exchange.
    func consumerGone(with error: any Error = CancellationError()) {
        lock.lock()
        let wasRunning = end == nil
        if wasRunning { end = .failure(error) }
        consumerLeft = true
        dropBuffered()
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(throwing: error)
        if wasRunning { onCancel?() }
    }

    /// Marks the channel as iterated; `false` when it already was (a transport's body is read once).
    func claim() -> Bool {
        lock.withLock {
            defer { isClaimed = true }
            return !isClaimed
        }
    }

    private func dropBuffered() {
        chunks.removeAll()
        head = 0
        buffered = 0
    }

    /// The consumer's end of a channel: the iterator holds it, and releasing it (leaving the loop
    /// early) ends the body and cancels the exchange.
    final class Consumer: @unchecked Sendable {
        private let channel: ChunkChannel
        private let claimed: Bool

        init(_ channel: ChunkChannel) {
            self.channel = channel
            claimed = channel.claim()
        }

        deinit {
            if claimed { channel.consumerGone() }
        }

        func next() async throws -> Data? {
            guard claimed else {
                throw SpecwrightError(.invalidRequest("a streamed response body can be iterated only once"))
            }
            return try await channel.next()
        }
    }
}
