import Foundation

/// Reads a body's segments in order into the caller's buffers without suspending: bytes are
/// copied, files are read with `read(2)` straight into the buffer, one file open at a time (opened
/// when its first byte is asked for, closed after its last). A file that is not the size it had
/// when the body was made fails the read, so the body never differs from its `Content-Length`.
///
/// Not thread-safe: one reader belongs to one attempt, read on one queue at a time.
final class BodySegmentReader {
    private let segments: [BodySegment]
    private var index = 0
    /// Bytes of `segments[index]` already read.
    private var offset: Int64 = 0
    private var file: FileHandle?

    init(_ segments: [BodySegment]) {
        self.segments = segments
    }

    deinit {
        try? file?.close()
    }

    /// The body's length in bytes.
    var length: Int64 { segments.reduce(0) { $0 + $1.count } }

    /// Fills the start of `buffer` with the next bytes and returns their count: 0 at the end of the
    /// body (or for an empty buffer). Throws `SpecwrightError` `.invalidRequest` for a file that
    /// changed size, or the file's error.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let destination = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while index < segments.count {
            let segment = segments[index]
            let wanted = Int(Swift.min(Int64(buffer.count), segment.count - offset))
            guard wanted > 0 else {
                try? file?.close()
                file = nil
                index += 1
                offset = 0
                continue
            }
            let count: Int
            switch segment {
            case .bytes(let data):
                count = wanted
                data.withUnsafeBytes { bytes in
                    if let source = bytes.baseAddress {
                        destination.copyMemory(from: source + Int(offset), byteCount: count)
                    }
                }
            case .file(let url, let size):
                count = try readFile(url, size: size, into: destination, count: wanted)
            }
            offset += Int64(count)
            return count
        }
        return 0
    }

    /// Reads up to `count` bytes of the file into `destination`, opening it first; an end of file
    /// before `size` bytes, or a file whose size is not `size`, is an error.
    private func readFile(_ url: URL, size: Int64, into destination: UnsafeMutableRawPointer, count: Int) throws -> Int
    {
        if file == nil {
            let handle = try FileHandle(forReadingFrom: url)
            let actual = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            guard actual == UInt64(size) else {
                try? handle.close()
                throw Self.changed(url)
            }
            file = handle
        }
        guard let descriptor = file?.fileDescriptor else { throw Self.changed(url) }
        while true {
            let read = Foundation.read(descriptor, destination, count)
            if read > 0 { return read }
            if read == 0 { throw Self.changed(url) }
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    private static func changed(_ url: URL) -> SpecwrightError {
        SpecwrightError(.invalidRequest("the file \(url.path) changed size while it was being sent"))
    }
}
