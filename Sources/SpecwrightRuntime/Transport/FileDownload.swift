import Foundation

/// How far a transfer has come: bytes done so far and, when the server announced it, the total.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes transferred so far (received for a download, sent for an upload).
    public var completedBytes: Int64
    /// The total, when known (`Content-Length`, the file's size); `nil` otherwise.
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// `completedBytes / totalBytes` in 0…1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Where a transport puts a response body: in memory (`HTTPResponse.body`, held to
/// `TransferLimits.maximumResponseBytes`), for a successful (2xx) response in a file, or to the
/// caller as it arrives.
public enum ResponseDestination: Sendable, Hashable {
    /// In `HTTPResponse.body` (the default).
    case memory
    /// In `FileDownload.destination`; the response's `body` is then empty.
    case file(FileDownload)
    /// Handed to the caller chunk by chunk as it arrives (`APIClient.stream(_:)`): the attempt
    /// loop calls `HTTPTransport.stream(_:)`, and interceptors see a 2xx response's head with an
    /// empty `body` (any other status's body is read into memory, up to the size limit).
    case stream
}

/// A download of a 2xx response body into a file. The body is written to a temporary file as it
/// arrives (memory stays bounded whatever the size) and renamed over `destination` only when the
/// whole body arrived; on a failure, a cancellation or a timeout `destination` is left as it was.
/// When an attempt is cut mid-body and the call retries, the next attempt asks only for the rest
/// (`Range` / `If-Range`) where the server supports it, and the download restarts from 0 when the
/// file changed on the server.
/// An error response's (non-2xx) body is kept in memory, so typed error bodies still decode.
///
/// Compared by identity: one value per download.
public final class FileDownload: Sendable, Hashable {
    /// Where the body ends up (an existing file there is replaced on success).
    public let destination: URL
    /// Called with the progress as the body is written (`URLSessionTransport`: after every 256 KiB
    /// and at the end), on the transport's queue: keep it short, a slow callback holds the transfer back.
    public let progress: (@Sendable (TransferProgress) -> Void)?
    /// What interrupted attempts kept for the next one (`Range` / `If-Range`).
    let resume: DownloadResume

    /// Creates a download into `destination`.
    public init(destination: URL, progress: (@Sendable (TransferProgress) -> Void)? = nil) {
        self.destination = destination
        self.progress = progress
        resume = DownloadResume(destination: destination)
    }

    /// Identity.
    public static func == (lhs: FileDownload, rhs: FileDownload) -> Bool { lhs === rhs }

    /// Hashes the identity, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
