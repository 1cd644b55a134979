import Foundation

/// What happened in one logical call, delivered to every `MetricsObserver` when it ends.
public struct CallEvent: Sendable {
    /// The operation, e.g. `"books.list"`.
    public var operationName: String
    /// The method.
    public var method: HTTPMethod
    /// The final status, when a response arrived.
    public var status: Int?
    /// The wall time of the whole call (including backoff and decoding), in seconds.
    public var duration: TimeInterval
    /// Attempts, retries with reasons, bytes, cache status.
    public var metadata: ResponseMetadata
    /// The error the call ended with, or `nil` on success.
    public var error: SpecwrightError?

    /// Creates an event.
    public init(
        operationName: String, method: HTTPMethod, status: Int?, duration: TimeInterval, metadata: ResponseMetadata,
        error: SpecwrightError?
    ) {
        self.operationName = operationName
        self.method = method
        self.status = status
        self.duration = duration
        self.metadata = metadata
        self.error = error
    }

    /// Whether the call succeeded.
    public var succeeded: Bool { error == nil }
}

/// Receives one event per call. Called on the calling task; keep it cheap and non-blocking.
public protocol MetricsObserver: Sendable {
    /// Records a finished call.
    func record(_ event: CallEvent)
}
