import Foundation

/// A request body as the pieces it is sent from, in order: bytes in memory and whole files on
/// disk. A file body is one file; a multipart body is each part's header block, its bytes or its
/// file, its line break, and the closing delimiter (`MultipartStream.segments`). A transport reads
/// them straight into the connection's buffers (`BodySegmentReader`): no copy of the body is made,
/// in memory or on disk, and every attempt reads the files again from their start.
enum BodySegment: Sendable, Hashable {
    case bytes(Data)
    /// The file at the URL, which had `size` bytes when the body was made: a file of another size
    /// when it is read fails the body (its `Content-Length` would be wrong).
    case file(URL, size: Int64)

    /// The segment's length in bytes.
    var count: Int64 {
        switch self {
        case .bytes(let data): return Int64(data.count)
        case .file(_, let size): return size
        }
    }
}

/// A body source that is a list of segments (`MultipartStream`), which `HTTPBody.segments()`
/// hands to a transport that reads segments itself.
protocol SegmentedBody: Sendable {
    /// The body's segments, in order.
    var segments: [BodySegment] { get }
}

extension HTTPBody {
    /// The body as segments when it can be read without suspending and sent again from its start:
    /// bytes in memory, a file (its size taken now), a multipart body from files. `nil` for a
    /// transport's body and an app's async sequence, which only an iteration can read. Throws
    /// when the file of a file body cannot be examined.
    func segments() throws -> [BodySegment]? {
        switch source {
        case .chunks(let chunks):
            return chunks.map(BodySegment.bytes)
        case .file(let url, _):
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard let size = (attributes[.size] as? NSNumber)?.int64Value else {
                throw URLError(.cannotOpenFile, userInfo: [NSLocalizedDescriptionKey: "no size for \(url.path)"])
            }
            return [.file(url, size: size)]
        case .sequence(let sequence):
            return sequence.segments
        case .channel:
            return nil
        }
    }
}
