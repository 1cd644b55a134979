import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written side of `TransferBenchmark`: what an app would write without the runtime — a
/// `URLSession` download task with a completion handler whose file is renamed into place, and an
/// upload task from the file — on one ephemeral session without URL cache.
final class TransferBaseline: Sendable {
    let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Downloads `url` and renames the finished file to `destination`.
    func download(_ url: URL, to destination: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.downloadTask(with: url) { location, response, error in
                guard let location, (response as? HTTPURLResponse)?.statusCode == 200 else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                _ = rename(location.path, destination.path)
                continuation.resume()
            }.resume()
        }
    }

    /// POSTs the file at `file` to `url` as `application/octet-stream`.
    func upload(_ file: URL, to url: URL) async throws {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.uploadTask(with: request, fromFile: file) { _, response, error in
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume()
            }.resume()
        }
    }

    /// Writes `size` bytes of a fixed pattern to `file`, a megabyte at a time.
    static func writePattern(to file: URL, size: Int) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var left = size
        while left > 0 {
            let chunk = block.prefix(left)
            try handle.write(contentsOf: chunk)
            left -= chunk.count
        }
    }
}
