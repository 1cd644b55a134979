import Foundation

/// Keeps an outbox flushing by itself: once when it starts (create it when the app starts, so
/// writes an earlier run left behind go out), after every `enqueue` and `retry`, each time
/// connectivity returns (`ConnectivitySignal`), and — after a flush stopped at a transient failure
/// (offline, 5xx, 429…) — again after a growing delay (`Backoff`), since a server can come back
/// while the device never went offline.
///
/// Flushes go through `APIClient.flush(_:)`, so delivery stays in order and exactly-once by the
/// entries' idempotency keys; a flush never overlaps another one of the same outbox.
///
/// ```swift
/// let flusher = OutboxFlusher(client: client, outbox: outbox)   // .system connectivity
/// flusher.start()
/// // Linux / Android: flusher.connectivityRestored() from the app's reachability callback
/// ```
public final class OutboxFlusher: Sendable {
    /// The delays between flushes while writes stay deferred: `initial`, doubling up to `maximum`.
    public struct Backoff: Sendable, Hashable {
        /// The delay after the first deferred flush, in seconds.
        public var initial: TimeInterval
        /// The longest delay, in seconds.
        public var maximum: TimeInterval

        /// A backoff from `initial` doubling up to `maximum` seconds.
        public init(initial: TimeInterval, maximum: TimeInterval) {
            self.initial = max(0, initial)
            self.maximum = max(self.initial, maximum)
        }

        /// 5 s doubling to 5 min: quick enough after a short outage, cheap on the battery during a
        /// long one (the connectivity signal covers the common "back online" case at once).
        public static let `default` = Backoff(initial: 5, maximum: 300)

        /// The delay after `failures` consecutive deferred flushes (1 → `initial`).
        func delay(afterFailures failures: Int) -> TimeInterval {
            let exponent = Double(min(max(failures - 1, 0), 30))
            return min(maximum, initial * pow(2, exponent))
        }
    }

    private struct State {
        var loop: Task<Void, Never>?
        var listeners: [Task<Void, Never>] = []
        var retryTimer: Task<Void, Never>?
        var failures = 0
        var observer: UUID?
        var isStopped = false
    }

    /// The outbox this flusher drains.
    public let outbox: Outbox
    private let client: APIClient
    private let connectivity: ConnectivitySignal
    private let backoff: Backoff
    private let state = Locked(State())
    private let wakeups: AsyncStream<Void>.Continuation
    private let wakeupStream: AsyncStream<Void>
    private let results: Results

    /// A flusher for `outbox` through `client`; nothing happens before `start()`.
    public init(
        client: APIClient, outbox: Outbox, connectivity: ConnectivitySignal = .system, backoff: Backoff = .default
    ) {
        self.client = client
        self.outbox = outbox
        self.connectivity = connectivity
        self.backoff = backoff
        (wakeupStream, wakeups) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        results = Results()
    }

    deinit {
        stop()
    }

    /// Starts flushing: at once, then on every trigger. Calling it again, or after `stop()`, does
    /// nothing (a stopped flusher is not restarted: make a new one).
    public func start() {
        let started = state.withLock { state -> Bool in
            guard state.loop == nil, !state.isStopped else { return false }
            state.loop = Task { [client, outbox, wakeupStream, weak self] in
                for await _ in wakeupStream {
                    let result: OutboxFlushResult?
                    do {
                        result = try await client.flush(outbox)
                    } catch {
                        if Task.isCancelled { return }
                        result = nil  // the outbox file failed; try again later
                    }
                    self?.didFlush(result)
                }
            }
            state.observer = outbox.onEnqueue { [weak self] in self?.wake() }
            let restorations = connectivity.restorations
            state.listeners.append(
                Task { [weak self] in
                    for await _ in restorations() {
                        guard let self else { return }
                        self.connectivityRestored()
                    }
                })
            return true
        }
        if started { wake() }
    }

    /// Reports that connectivity returned: flushes at once and restarts the backoff. This is the
    /// trigger to call where `ConnectivitySignal.system` has no signal of its own.
    public func connectivityRestored() {
        state.withLock { state in
            state.failures = 0
            state.retryTimer?.cancel()
            state.retryTimer = nil
        }
        wake()
    }

    /// Stops flushing; a flush in progress is cancelled (an entry it was sending stays pending
    /// and is sent again, with the same key, by the next flush).
    public func stop() {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            if let observer = state.observer { outbox.removeEnqueueObserver(observer) }
            let tasks = [state.loop, state.retryTimer].compactMap { $0 } + state.listeners
            state = State(isStopped: true)
            return tasks
        }
        for task in tasks { task.cancel() }
    }

    /// The outcome of every flush this flusher runs (nil: the outbox file could not be read).
    /// Every access is a new stream that receives the later outcomes.
    public var flushes: AsyncStream<OutboxFlushResult?> { results.stream() }

    private func wake() {
        wakeups.yield()
    }

    private func didFlush(_ result: OutboxFlushResult?) {
        results.publish(result)
        let deferred = result == nil || result?.stoppedBecause != nil
        state.withLock { state in
            guard state.loop != nil else { return }
            state.retryTimer?.cancel()
            state.retryTimer = nil
            guard deferred else {
                state.failures = 0
                return
            }
            state.failures += 1
            let delay = backoff.delay(afterFailures: state.failures)
            state.retryTimer = Task { [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                guard !Task.isCancelled else { return }
                self?.wake()
            }
        }
    }

    /// Fans the flush outcomes out to every `flushes` stream.
    private final class Results: Sendable {
        private let subscribers = Locked([UUID: AsyncStream<OutboxFlushResult?>.Continuation]())

        func stream() -> AsyncStream<OutboxFlushResult?> {
            let (stream, continuation) = AsyncStream<OutboxFlushResult?>.makeStream()
            let id = UUID()
            subscribers.withLock { $0[id] = continuation }
            continuation.onTermination = { [weak self] _ in
                _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
            }
            return stream
        }

        func publish(_ result: OutboxFlushResult?) {
            for continuation in subscribers.value.values { continuation.yield(result) }
        }
    }
}
