import Foundation

/// How a `batch:` endpoint splits and schedules its ids (the spec's
/// `batch: { size:, concurrency:, timeout:, deadline: }`: the spec's per-batch `timeout` is
/// `chunkTimeout`, its whole-load `deadline` is `timeout`).
///
/// Out-of-range values are clamped rather than rejected: a `size` or `concurrency` below 1 becomes 1,
/// and a non-positive or non-finite `timeout` or `chunkTimeout` means "no limit". The generator
/// validates the spec values, so clamping only matters for hand-written callers.
public struct BatchOptions: Sendable, Hashable {
    /// The largest number of ids sent in one call (at least 1).
    public var size: Int
    /// The largest number of calls in flight at the same time (at least 1).
    public var concurrency: Int
    /// The time limit for the whole load, in seconds; `nil` means no limit.
    public var timeout: TimeInterval?
    /// The time limit for each chunk's call (retries and backoff included), in seconds; a chunk
    /// that takes longer fails with `BatchLoaderError.chunkTimedOut`. `nil` means no limit.
    public var chunkTimeout: TimeInterval?

    /// Creates batch options; see the type's documentation for how out-of-range values are handled.
    public init(size: Int, concurrency: Int, timeout: TimeInterval? = nil, chunkTimeout: TimeInterval? = nil) {
        self.size = max(1, size)
        self.concurrency = max(1, concurrency)
        self.timeout = Self.limit(timeout)
        self.chunkTimeout = Self.limit(chunkTimeout)
    }

    private static func limit(_ seconds: TimeInterval?) -> TimeInterval? {
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        return min(seconds, RequestTimeout.maximum)
    }
}

/// Why a batch load stopped without a result. Errors thrown by the `fetch` closure itself are
/// rethrown unchanged; this type only reports what the loader decides on its own.
public enum BatchLoaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The overall `BatchOptions.timeout` elapsed; the calls still running were cancelled.
    case timedOut(after: TimeInterval, completedChunks: Int, totalChunks: Int)
    /// One chunk's call took longer than `BatchOptions.chunkTimeout` and was cancelled.
    case chunkTimedOut(after: TimeInterval, ids: Int)

    /// A log-friendly description.
    public var description: String {
        switch self {
        case let .timedOut(after, completed, total):
            return "batch load timed out after \(after)s (\(completed) of \(total) chunks completed)"
        case let .chunkTimedOut(after, ids):
            return "a batch of \(ids) ids timed out after \(after)s"
        }
    }
}
