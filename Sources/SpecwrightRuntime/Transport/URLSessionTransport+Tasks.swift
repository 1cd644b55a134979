import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// A task ready to resume, and the temporary file its body was spooled to (if any), which the
    /// transport removes once the exchange no longer needs it.
    struct PreparedTask {
        let task: URLSessionTask
        let spool: URL?
        /// A download's attempt, whose 2xx body the delegate writes to a file.
        var fileBody: SessionDelegate.FileBodyAttempt?
        /// Where the body stream (Linux: `BodyInputStream`) puts the error of a failed read, which is
        /// the exchange's error (curl reports only that the read was aborted).
        var bodyFailure: Locked<(any Error)?>?

        /// `error`, or the body stream's own error behind it.
        func error(replacing error: any Error) -> any Error {
            guard !(error is CancellationError), let failure = bodyFailure?.value else { return error }
            return failure
        }

        func discardSpool() {
            if let spool { try? FileManager.default.removeItem(at: spool) }
        }
    }

    /// The task for `request`. For a `streamedBody`: on Linux a data task whose body is a stream
    /// read from the body's files and bytes (`attachStream(of:to:)`); elsewhere, and for an app's
    /// async sequence, an upload task from a file (a body that is not a file is first written to a
    /// temporary file by `BodySpool`, which a cancel ends at once). A data task otherwise — for a
    /// file destination with the attempt whose body the delegate writes (a download task on a
    /// background session). Synchronous unless there is a streamed body to spool: the JSON fast
    /// path does not pay for it.
    func prepare(_ request: HTTPRequest, streaming: Bool, delegate: SessionDelegate) async throws -> PreparedTask {
        var urlRequest = try Self.urlRequest(for: request)
        guard let body = request.streamedBody else {
            urlRequest.httpBody = request.body
            if case .file(let download) = request.destination, !streaming {
                if usesDownloadTasks {
                    return PreparedTask(task: downloadTask(urlRequest, for: download, delegate: delegate), spool: nil)
                }
                let attempt = fileBodyAttempt(for: download, on: &urlRequest)
                return PreparedTask(task: session.dataTask(with: urlRequest), spool: nil, fileBody: attempt)
            }
            return PreparedTask(task: session.dataTask(with: urlRequest), spool: nil)
        }
        if let stream = try Self.attachStream(of: body, to: &urlRequest) {
            var attempt: SessionDelegate.FileBodyAttempt?
            if case .file(let download) = request.destination, !streaming {
                attempt = fileBodyAttempt(for: download, on: &urlRequest)
            }
            return PreparedTask(
                task: session.dataTask(with: urlRequest), spool: nil, fileBody: attempt, bodyFailure: stream.failure)
        }
        var spool: URL?
        let file: URL
        if let fileURL = body.fileURL {
            file = fileURL
        } else {
            file = try await BodySpool.spool(body)
            spool = file
            if Task.isCancelled {  // cancelled as the spool ended: no task is started
                try? FileManager.default.removeItem(at: file)
                throw CancellationError()
            }
        }
        if case .file(let download) = request.destination, !streaming, usesDownloadTasks {
            // A download task takes its body from a stream. FoundationNetworking sends a stream body
            // chunked whatever the header fields say, and a request framed both ways is one that
            // RFC 9112 §6.2 forbids (strict servers answer 400): there it goes without Content-Length.
            #if canImport(FoundationNetworking)
                urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            #else
                Self.setContentLength(of: file, on: &urlRequest)
            #endif
            urlRequest.httpBodyStream = InputStream(url: file)
            return PreparedTask(task: downloadTask(urlRequest, for: download, delegate: delegate), spool: spool)
        }
        Self.setContentLength(of: file, on: &urlRequest)
        var attempt: SessionDelegate.FileBodyAttempt?
        if case .file(let download) = request.destination, !streaming {
            attempt = fileBodyAttempt(for: download, on: &urlRequest)
        }
        return PreparedTask(
            task: session.uploadTask(with: urlRequest, fromFile: file), spool: spool, fileBody: attempt)
    }

    /// `download`'s next attempt, asking for the rest of an interrupted one (`Range` / `If-Range`).
    func fileBodyAttempt(for download: FileDownload, on urlRequest: inout URLRequest) -> SessionDelegate.FileBodyAttempt
    {
        let next = download.resume.nextAttempt()
        for header in next.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        return SessionDelegate.FileBodyAttempt(download: download, offset: next.offset)
    }

    /// Sets `Content-Length` to the size of `file` unless the request already has one.
    private static func setContentLength(of file: URL, on urlRequest: inout URLRequest) {
        guard urlRequest.value(forHTTPHeaderField: "Content-Length") == nil,
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
        else { return }
        urlRequest.setValue(String(size), forHTTPHeaderField: "Content-Length")
    }

    /// A download task for `download`'s next attempt (asking for the rest of an interrupted one
    /// with `Range` / `If-Range`), registered with the delegate.
    func downloadTask(_ urlRequest: URLRequest, for download: FileDownload, delegate: SessionDelegate) -> URLSessionTask
    {
        var urlRequest = urlRequest
        let attempt = download.resume.nextAttempt()
        for header in attempt.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        let task = session.downloadTask(with: urlRequest)
        delegate.register(DownloadAttempt(download: download, offset: attempt.offset, start: Date()), for: task)
        return task
    }

    /// The `URLRequest` of `request`: method, headers, and the idle timeout (the deadline rounded
    /// up; the delegate's timer enforces the deadline itself).
    static func urlRequest(for request: HTTPRequest) throws -> URLRequest {
        let timeout = try RequestTimeout.validated(request.timeout, source: "the request timeout")
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = timeout.rounded(.up)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        return urlRequest
    }
}
