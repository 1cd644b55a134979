import Foundation

/// Receives the progress of a request body on its way to the server: bytes sent so far and the
/// body's size (`HTTPRequest.uploadObserver`, set by `APIClient.upload(_:as:progress:)`).
///
/// `URLSessionTransport` reports after every chunk the platform hands to the connection, on the
/// session's delegate queue (keep the closure short); the values never decrease within an attempt
/// and the last one of a complete upload equals the total. A retried attempt sends the body again,
/// so its reports start over from 0. A transport that does not report (a custom one,
/// `StubTransport`) leaves it to the client, which reports the whole body once the response
/// arrived. Compared by identity: one observer per call.
public final class UploadObserver: Sendable, Hashable {
    /// Called with each progress value.
    public let progress: @Sendable (TransferProgress) -> Void
    private let lastSent = Locked<Int64?>(nil)

    /// Creates an observer that passes every value to `progress`.
    public init(progress: @escaping @Sendable (TransferProgress) -> Void) {
        self.progress = progress
    }

    /// Reports `sent` of `total` bytes.
    public func report(sent: Int64, of total: Int64?) {
        lastSent.withLock { $0 = sent }
        progress(TransferProgress(completedBytes: sent, totalBytes: total))
    }

    /// The bytes reported by the last call of ``report(sent:of:)``, if any.
    public var reportedBytes: Int64? { lastSent.value }

    /// Identity.
    public static func == (lhs: UploadObserver, rhs: UploadObserver) -> Bool { lhs === rhs }

    /// Hashes the identity, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
