import Foundation

extension MultipartStream: SegmentedBody {
    /// The body's segments: each part's header block, its bytes or its file, its line break, then
    /// the closing delimiter — the bytes the iteration produces, for a transport that reads files
    /// straight into its buffers (`BodySegmentReader`).
    var segments: [BodySegment] {
        var segments: [BodySegment] = []
        for piece in pieces {
            segments.append(.bytes(piece.header))
            switch piece.source {
            case .data(let data): segments.append(.bytes(data))
            case .file(let url): segments.append(.file(url, size: piece.size))
            }
            segments.append(.bytes(MultipartEncoding.partEnd))
        }
        segments.append(.bytes(closing))
        return segments
    }
}
