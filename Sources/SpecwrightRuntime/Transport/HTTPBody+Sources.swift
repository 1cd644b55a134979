import Foundation

/// An iterator of chunks whose concrete type is hidden (the platforms the runtime supports predate
/// `any AsyncIteratorProtocol<Data, any Error>`). Subclasses override `next()`.
class ErasedIterator {
    /// The next chunk, or `nil` at the end.
    func next() async throws -> Data? { nil }
}

/// Wraps one iterator of an async sequence of `Data`.
final class BoxedIterator<Base: AsyncIteratorProtocol>: ErasedIterator where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    override func next() async throws -> Data? {
        try await base.next()
    }
}

/// An async sequence of `Data` whose type is hidden; a class so a body made from it compares by
/// identity. Safe to share: it only holds a `Sendable` sequence and makes iterators of it.
final class ErasedSequence: Sendable {
    private let make: @Sendable () -> ErasedIterator
    /// Whether every iteration produces the same bytes again (`HTTPBody.isReplayable`).
    let isReplayable: Bool
    /// The sequence's segments when it is a `SegmentedBody` (a multipart body from files).
    let segments: [BodySegment]?

    init<Chunks: AsyncSequence & Sendable>(_ sequence: Chunks, replayable: Bool = false) where Chunks.Element == Data {
        make = { BoxedIterator(sequence.makeAsyncIterator()) }
        isReplayable = replayable
        segments = (sequence as? any SegmentedBody)?.segments
    }

    func makeIterator() -> ErasedIterator { make() }
}

/// Reads a file chunk by chunk; the file is opened at the first `next()` and closed at its end
/// (or when the iterator is released).
final class FileChunks: ErasedIterator {
    private let url: URL
    private let chunkSize: Int
    private var handle: FileHandle?
    private var finished = false

    init(url: URL, chunkSize: Int) {
        self.url = url
        self.chunkSize = chunkSize
    }

    deinit {
        try? handle?.close()
    }

    override func next() async throws -> Data? {
        guard !finished else { return nil }
        try Task.checkCancellation()
        if handle == nil { handle = try FileHandle(forReadingFrom: url) }
        let chunk = try handle?.read(upToCount: chunkSize) ?? Data()
        if chunk.isEmpty {
            finished = true
            try? handle?.close()
            handle = nil
            return nil
        }
        return chunk
    }
}
