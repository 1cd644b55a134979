import Foundation

/// A request body as an `InputStream` that FoundationNetworking reads synchronously, on its own
/// work queue, each time curl asks for bytes (`_BodyStreamSource`): the bytes come from the body's
/// segments (`BodySegmentReader`), files read straight into curl's buffer.
///
/// Why a stream and not an upload task from a file: FoundationNetworking reads a file body with
/// `DispatchIO` in the background and, when a read lands while curl's send is paused, resumes the
/// send with a `try!` on `curl_easy_pause`; a task cancelled meanwhile has no connection any more,
/// curl answers error 43 and the process traps (EasyHandle.swift, swift-corelibs-foundation). A
/// stream is never paused and never read after its transfer was removed, so no cancel can crash.
/// The body keeps its `Content-Length` (`URLSessionTransport+BodyStream.swift`).
///
/// Not `Sendable` (no `InputStream` is): the session calls `open`, `read` and `close` on its serial
/// work queue. A read's error goes to `failure`, which the caller reads once the exchange ended.
final class BodyInputStream: InputStream {
    private let reader: BodySegmentReader
    private var status = Stream.Status.notOpen
    /// The error that made a read fail (a file that changed size or could not be read), if any.
    let failure = Locked<(any Error)?>(nil)

    init(_ reader: BodySegmentReader) {
        self.reader = reader
        super.init(data: Data())
    }

    override func open() {
        if status == .notOpen { status = .open }
    }

    override func close() {
        status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { failure.value }

    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open else { return status == .atEnd ? 0 : -1 }
        do {
            let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            return count
        } catch {
            failure.withLock { $0 = error }
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
