import Foundation

/// A `multipart/form-data` body produced chunk by chunk, for parts whose bytes are files on disk:
/// each part's header block, then its bytes (a file is read `chunkSize` bytes at a time, when the
/// chunk is asked for), then the line break; the closing delimiter last. Memory stays at one chunk
/// whatever the files' sizes, the bytes are the same as `MultipartEncoding.body(_:boundary:)`'s,
/// and the length is known before the first byte (for `Content-Length`).
///
/// Each iteration reads the files anew, so the body can be sent again by a retry. A file that
/// changed size after the body was made fails the iteration (the length sent would be wrong).
struct MultipartStream: AsyncSequence, Sendable {
    typealias Element = Data

    /// One part: its header block and where its bytes come from.
    struct Piece: Sendable {
        let header: Data
        let source: FilePart.Source
        let size: Int64
    }

    let pieces: [Piece]
    let closing: Data
    let chunkSize: Int
    /// The body's length in bytes.
    let length: Int64

    /// The body of `parts` with `boundary`; throws `invalidRequest` for an unreadable file or a
    /// content type with a control character.
    init(_ parts: [MultipartPart], boundary: String, chunkSize: Int = 1 << 20) throws(SpecwrightError) {
        var pieces: [Piece] = []
        var length: Int64 = 0
        for part in parts {
            let header = try MultipartEncoding.header(of: part, boundary: boundary)
            let size = try part.source.byteCount()
            pieces.append(Piece(header: header, source: part.source, size: size))
            length += Int64(header.count) + size + Int64(MultipartEncoding.partEnd.count)
        }
        closing = MultipartEncoding.closing(boundary: boundary)
        self.pieces = pieces
        self.chunkSize = Swift.max(1, chunkSize)
        self.length = length + Int64(closing.count)
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Produces the chunks in order.
    struct Iterator: AsyncIteratorProtocol {
        private enum Step {
            case header(Int)
            case bytes(Int, FileHandle?, read: Int64)
            case end(Int)
            case closing
            case done
        }

        let stream: MultipartStream
        private var step = Step.header(0)

        init(stream: MultipartStream) {
            self.stream = stream
            step = stream.pieces.isEmpty ? .closing : .header(0)
        }

        mutating func next() async throws -> Data? {
            try Task.checkCancellation()
            while true {
                switch step {
                case .header(let index):
                    step = .bytes(index, nil, read: 0)
                    return stream.pieces[index].header
                case .bytes(let index, let handle, let read):
                    let piece = stream.pieces[index]
                    switch piece.source {
                    case .data(let data):
                        step = .end(index)
                        if !data.isEmpty { return data }
                    case .file(let url):
                        let file = try handle ?? FileHandle(forReadingFrom: url)
                        let chunk = try file.read(upToCount: stream.chunkSize) ?? Data()
                        let total = read + Int64(chunk.count)
                        guard total <= piece.size, !chunk.isEmpty || total == piece.size else {
                            throw Self.changed(url)
                        }
                        if chunk.isEmpty {
                            try? file.close()
                            step = .end(index)
                        } else {
                            step = .bytes(index, file, read: total)
                            return chunk
                        }
                    }
                case .end(let index):
                    step = index + 1 < stream.pieces.count ? .header(index + 1) : .closing
                    return MultipartEncoding.partEnd
                case .closing:
                    step = .done
                    return stream.closing
                case .done:
                    return nil
                }
            }
        }

        private static func changed(_ url: URL) -> SpecwrightError {
            SpecwrightError(.invalidRequest("the file \(url.path) changed size while it was being sent"))
        }
    }
}
