import Foundation

/// The file one download attempt writes its 2xx body to, owned by the runtime: a hidden file next
/// to the destination (`.<name>.<uuid>.download`), so placing it is one `rename(2)` and a failed or
/// cancelled attempt leaves nothing the runtime cannot find (it removes the file, or keeps it for a
/// resumed attempt: `DownloadResume`).
///
/// Chunks (16 KB each from FoundationNetworking) are copied into one buffer allocated per attempt
/// and written with one `write(2)` per ``bufferSize`` bytes, so a 200 MB body costs ~800 system
/// calls and no allocation per chunk. Not thread-safe: used from the session's serial delegate queue.
final class DownloadFileWriter {
    /// Bytes gathered before each `write(2)`.
    static let bufferSize = 256 * 1024

    /// The attempt's file.
    let file: URL
    /// Bytes written to the file so far (buffered bytes not included).
    private(set) var written: Int64 = 0
    private var descriptor: Int32 = -1
    private var buffer: UnsafeMutableRawBufferPointer?
    private var buffered = 0

    /// A writer for an attempt of the download into `destination`; the file is created by the first
    /// ``append(_:)`` (or ``finish()``).
    init(nextTo destination: URL) {
        file = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    deinit {
        buffer?.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the file was created (by the first ``append(_:)``).
    var created: Bool { buffer != nil }

    /// The bytes received so far: written and still buffered.
    var received: Int64 { written + Int64(buffered) }

    /// Appends `data`; returns `true` when a buffer-full was written to the file (the moment to
    /// report progress). Throws when the file cannot be created or written.
    func append(_ data: Data) throws -> Bool {
        let buffer = try openedBuffer()
        var flushed = false
        try data.withUnsafeBytes { (chunk: UnsafeRawBufferPointer) in
            var start = 0
            while start < chunk.count {
                let count = min(chunk.count - start, buffer.count - buffered)
                guard let source = chunk.baseAddress, let target = buffer.baseAddress else { return }
                (target + buffered).copyMemory(from: source + start, byteCount: count)
                buffered += count
                start += count
                if buffered == buffer.count {
                    try flush()
                    flushed = true
                }
            }
        }
        return flushed
    }

    /// Writes what is buffered and closes the file (creating it for an empty body).
    func finish() throws {
        _ = try openedBuffer()
        try flush()
        close(descriptor)
        descriptor = -1
    }

    /// Closes and removes the file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        buffered = 0
        unlink(file.path)
    }

    /// Closes the file after writing what is buffered (an interrupted attempt whose bytes are kept).
    func closeKeepingBytes() {
        try? flush()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func openedBuffer() throws -> UnsafeMutableRawBufferPointer {
        if let buffer { return buffer }
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.error("cannot create", file) }
        let allocated = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        buffer = allocated
        return allocated
    }

    private func flush() throws {
        guard let base = buffer?.baseAddress, buffered > 0, descriptor >= 0 else { return }
        var offset = 0
        while offset < buffered {
            let result = write(descriptor, base + offset, buffered - offset)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw Self.error("cannot write", file) }
            offset += result
        }
        written += Int64(buffered)
        buffered = 0
    }

    private static func error(_ what: String, _ file: URL) -> URLError {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return URLError(
            .cannotWriteToFile,
            userInfo: [NSLocalizedDescriptionKey: "\(what) the download file \(file.path): \(POSIXError(code))"])
    }
}
