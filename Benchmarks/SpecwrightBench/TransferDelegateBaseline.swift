import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written side again, with a session delegate that does nothing but place the file and
/// end the task: the floor of any client that watches progress or decides redirects. On Linux,
/// FoundationNetworking then dispatches an operation onto the delegate queue for every chunk it
/// receives or sends (and a download task opens, seeks, writes and closes its file per chunk),
/// whereas a completion-handler task without delegate does neither.
///
/// `@unchecked Sendable`: `pending` is only touched under `lock`.
final class TransferDelegateBaseline: NSObject, URLSessionDownloadDelegate, URLSessionDataDelegate,
    @unchecked Sendable
{
    private struct Pending {
        var continuation: CheckedContinuation<Void, any Error>
        var destination: URL?
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Downloads `url` and renames the finished file to `destination`.
    func download(_ url: URL, to destination: URL) async throws {
        try await run(session.downloadTask(with: url), destination: destination)
    }

    /// POSTs the file at `file` to `url` as `application/octet-stream`.
    func upload(_ file: URL, to url: URL) async throws {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        try await run(session.uploadTask(with: request, fromFile: file), destination: nil)
    }

    private func run(_ task: URLSessionTask, destination: URL?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.withLock {
                pending[task.taskIdentifier] = Pending(continuation: continuation, destination: destination)
            }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let destination = lock.withLock({ pending[downloadTask.taskIdentifier]?.destination }) else { return }
        _ = rename(location.path, destination.path)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let done = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            done.continuation.resume(throwing: error)
        } else if (task.response as? HTTPURLResponse)?.statusCode == 200 {
            done.continuation.resume()
        } else {
            done.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
