import Foundation

extension HTTPBody {
    /// A body of the chunks `sequence` produces, which produces the same bytes on every iteration
    /// (a multipart body read from files), so a retry may send it again.
    init<Chunks: AsyncSequence & Sendable>(replayable sequence: Chunks, length: Int64?) where Chunks.Element == Data {
        self.init(source: .sequence(ErasedSequence(sequence, replayable: true)), length: length)
    }

    /// Whether a retry can send the body again: bytes in memory, a file and a replayable sequence
    /// can; a transport's body and an app's async sequence (an `AsyncStream` can be iterated once)
    /// cannot, so a request with such a body is never retried.
    var isReplayable: Bool {
        switch source {
        case .chunks, .file: return true
        case .channel: return false
        case .sequence(let sequence): return sequence.isReplayable
        }
    }
}
