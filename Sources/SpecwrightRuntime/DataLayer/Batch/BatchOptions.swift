import Foundation

/// How a `batch:` endpoint splits and schedules its ids (the spec's `batch: { size:, concurrency: }`).
///
/// Out-of-range values are clamped rather than rejected: a `size` or `concurrency` below 1 becomes 1,
/// and a non-positive or non-finite `timeout` means "no overall timeout". The generator validates the
/// spec values, so clamping only matters for hand-written callers.
public struct BatchOptions: Sendable, Hashable {
    /// The largest number of ids sent in one call (at least 1).
    public var size: Int
    /// The largest number of calls in flight at the same time (at least 1).
    public var concurrency: Int
    /// The time limit for the whole load, in seconds; `nil` means no limit.
    public var timeout: TimeInterval?

    /// Creates batch options; see the type's documentation for how out-of-range values are handled.
    public init(size: Int, concurrency: Int, timeout: TimeInterval? = nil) {
        self.size = max(1, size)
        self.concurrency = max(1, concurrency)
        if let timeout, timeout.isFinite, timeout > 0 {
            self.timeout = timeout
        } else {
            self.timeout = nil
        }
    }
}

/// Why a batch load stopped without a result. Errors thrown by the `fetch` closure itself are
/// rethrown unchanged; this type only reports what the loader decides on its own.
public enum BatchLoaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The overall `BatchOptions.timeout` elapsed; the calls still running were cancelled.
    case timedOut(after: TimeInterval, completedChunks: Int, totalChunks: Int)

    /// A log-friendly description.
    public var description: String {
        switch self {
        case let .timedOut(after, completed, total):
            return "batch load timed out after \(after)s (\(completed) of \(total) chunks completed)"
        }
    }
}
