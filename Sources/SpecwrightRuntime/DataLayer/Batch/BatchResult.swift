import Foundation

/// The outcome of a batch load in partial-results mode (the spec's `batch: { partial: true }`):
/// the elements of every chunk that succeeded, and for each id of a failed chunk, its error.
public struct BatchResult<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// The elements of the chunks that succeeded (and those reused from the cache), in the order
    /// of the requested ids' chunks.
    public var elements: [Element]
    /// The ids whose chunk failed, in input order (retry these).
    public var failedIDs: [ID]
    /// The error of each failed id (every id of a failed chunk carries that chunk's error): a
    /// `SpecwrightError`, or the app's own error exactly as an interceptor, credential provider or
    /// transport threw it — what the call would have thrown.
    public var failures: [ID: any Error]

    /// Creates a result.
    public init(elements: [Element], failedIDs: [ID], failures: [ID: any Error]) {
        self.elements = elements
        self.failedIDs = failedIDs
        self.failures = failures
    }

    /// Whether every chunk succeeded.
    public var isComplete: Bool { failedIDs.isEmpty }
}

extension SpecwrightError {
    /// The error a batch load reports for `error`: a `SpecwrightError` unchanged, cancellation as
    /// `.cancelled`, the loader's own time limits as `.timeout`, anything else as a transport error
    /// that keeps the original under `NSUnderlyingErrorKey` (`surfaced` gives it back to the caller).
    static func batch(_ error: any Error, operationName: String) -> SpecwrightError {
        var mapped: SpecwrightError
        switch error {
        case let error as SpecwrightError: mapped = error
        case is CancellationError: mapped = SpecwrightError(.cancelled)
        case is BatchLoaderError: mapped = SpecwrightError(.timeout)
        default: mapped = SpecwrightError(AttemptLoop.map(error))
        }
        if mapped.operationName.isEmpty { mapped.operationName = operationName }
        return mapped
    }
}
