import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Download tasks, for downloads (`ResponseDestination.file`) on a background session, which runs
/// no data tasks (elsewhere a data task's delegate writes the file: `SessionDelegate+FileBody.swift`).
/// The platform writes the body to a file as it arrives — on Linux synchronously on the session's work queue, so a slow delegate queue never
/// holds body bytes in memory and TCP slows the server down instead — and this delegate reports
/// progress and places the finished file (completing a resumed download's partial file:
/// `SessionDelegate+Resume.swift`).
extension SessionDelegate: URLSessionDownloadDelegate {
    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        // FoundationNetworking sets `response` only when the task completes: until then the status
        // is unknown and the bytes are counted (an error response's body is small).
        // Without an observer nothing else is looked up: this runs for every chunk (16 KB on Linux).
        guard let transfer = transfer(for: downloadTask),
            case .file(let download) = transfer.monitor.request.destination, let progress = download.progress
        else { return }
        if let http = downloadTask.response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) { return }
        let offset = downloadAttempt(of: downloadTask)?.offset ?? 0
        progress(
            TransferProgress(
                completedBytes: download.resume.report(offset + totalBytesWritten),
                totalBytes: download.resume.total(offset: offset, expected: totalBytesExpectedToWrite)))
    }

    /// A 2xx body is renamed over the destination — only while the exchange still runs, and the
    /// caller gets the response at once, so a timeout or a cancellation either wins (the destination
    /// is untouched) or comes too late (the download succeeded). Any other status keeps its body in
    /// memory for the error, up to the response size limit.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let transfer = transfer(for: downloadTask),
            case .file(let download) = transfer.monitor.request.destination,
            let http = downloadTask.response as? HTTPURLResponse
        else { return DownloadPlacement.discard(location) }
        guard (200..<300).contains(http.statusCode) else {
            let limits = transfer.monitor.request.limits
            let body = DownloadPlacement.contents(of: location, limit: limits.maximumResponseBytes)
            DownloadPlacement.discard(location)
            if let body { transfer.body = body } else { fail(downloadTask, with: limits.tooLarge()) }
            return
        }
        let offset = downloadAttempt(of: downloadTask)?.offset ?? 0
        let staged: URL
        do {
            staged = try download.resume.assemble(
                location, status: http.statusCode,
                contentRange: HTTPResponse(http, body: Data()).header("Content-Range"), offset: offset)
        } catch {
            return fail(downloadTask, with: error)
        }
        let placed: Result<Transfer?, any Error> = transfers.withLock { running in
            guard let current = running[downloadTask.taskIdentifier] else { return .success(nil) }
            do {
                try DownloadPlacement.commit(staged, to: download)
            } catch {
                return .failure(error)
            }
            running[downloadTask.taskIdentifier] = nil
            return .success(current)
        }
        switch placed {
        case .success(nil):
            DownloadPlacement.discard(staged)
        case .failure(let error):
            DownloadPlacement.discard(staged)
            fail(downloadTask, with: error)
        case .success(let finished?):
            finished.monitor.disarm()
            let written = offset + downloadTask.countOfBytesReceived
            let expected = downloadTask.countOfBytesExpectedToReceive
            download.progress?(
                TransferProgress(
                    completedBytes: download.resume.report(written),
                    totalBytes: expected >= 0 ? offset + expected : written))
            var response = HTTPResponse(http, body: Data())
            response.timings = finished.clock.finish()
            response.bodyFile = download.destination
            finished.continuation.resume(returning: response)
        }
    }
}
