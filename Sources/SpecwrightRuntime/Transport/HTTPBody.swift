import Foundation

/// A body that arrives, or is sent, as a sequence of byte chunks: a streamed response's body
/// (`HTTPStreamedResponse.body`) or a streamed request body (`HTTPRequest.streamedBody`).
///
///     for try await chunk in response.body { consume(chunk) }   // chunks as they arrive
///     let whole = try await response.body.collect(upTo: 1 << 20)
///
/// A body from a transport can be iterated once (a second iterator throws); one built from
/// `Data`, chunks or a file can be iterated any number of times. Leaving the loop early (the
/// iterator is released) or cancelling the iterating task cancels the exchange behind a
/// transport's body: the connection is closed and no more bytes are received.
///
/// Equal when both hold the same bytes in memory or name the same file; bodies fed by a
/// transport or an async sequence are equal only to themselves.
public struct HTTPBody: AsyncSequence, Sendable, Hashable {
    /// A chunk of bytes.
    public typealias Element = Data

    enum Source: Sendable {
        case chunks([Data])
        case file(URL, chunkSize: Int)
        case channel(ChunkChannel)
        case sequence(ErasedSequence)
    }

    let source: Source

    /// The body's length in bytes when known up front (`Data`, chunks, a file, a
    /// `Content-Length`); `nil` otherwise.
    public let length: Int64?

    init(source: Source, length: Int64?) {
        self.source = source
        self.length = length
    }

    /// A body of `data` (one chunk).
    public init(_ data: Data) {
        self.init(source: .chunks(data.isEmpty ? [] : [data]), length: Int64(data.count))
    }

    /// A body of `chunks`, delivered one by one (test streaming code offline: an SSE stream
    /// split at awkward places).
    public init(chunks: [Data]) {
        self.init(source: .chunks(chunks.filter { !$0.isEmpty }), length: chunks.reduce(0) { $0 + Int64($1.count) })
    }

    /// A body read from the file at `fileURL`, `chunkSize` bytes at a time (memory stays bounded
    /// whatever the file's size). `URLSessionTransport` uploads it straight from the file.
    public init(contentsOf fileURL: URL, chunkSize: Int = 64 * 1024) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value
        self.init(source: .file(fileURL, chunkSize: Swift.max(1, chunkSize)), length: size)
    }

    /// A body of the chunks `sequence` produces (a generator, another stream), with `length`
    /// bytes in all when known. Iterating the body iterates `sequence` anew.
    public init<Chunks: AsyncSequence & Sendable>(_ sequence: Chunks, length: Int64? = nil)
    where Chunks.Element == Data {
        self.init(source: .sequence(ErasedSequence(sequence)), length: length)
    }

    /// The file the body is read from, when it was made with ``init(contentsOf:chunkSize:)``.
    public var fileURL: URL? {
        if case .file(let url, _) = source { return url }
        return nil
    }

    /// Iterates the chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .chunks(let chunks): return AsyncIterator(.chunks(chunks, next: 0))
        case .file(let url, let chunkSize): return AsyncIterator(.erased(FileChunks(url: url, chunkSize: chunkSize)))
        case .channel(let channel): return AsyncIterator(.channel(ChunkChannel.Consumer(channel)))
        case .sequence(let sequence): return AsyncIterator(.erased(sequence.makeIterator()))
        }
    }

    /// The whole body in memory; throws `SpecwrightError` `.responseTooLarge(limit:)` as soon as
    /// it grows past `limit` bytes (the rest is not read, and a transport's exchange is cancelled).
    public func collect(upTo limit: Int) async throws -> Data {
        if let length, length > Int64(limit) { throw TransferLimits(maximumResponseBytes: limit).tooLarge() }
        var whole = Data()
        for try await chunk in self {
            guard whole.count + chunk.count <= limit else {
                throw TransferLimits(maximumResponseBytes: limit).tooLarge()
            }
            whole.append(chunk)
        }
        return whole
    }

    /// Iterates an ``HTTPBody``'s chunks.
    public struct AsyncIterator: AsyncIteratorProtocol {
        enum State {
            case chunks([Data], next: Int)
            case channel(ChunkChannel.Consumer)
            case erased(ErasedIterator)
        }

        var state: State

        init(_ state: State) {
            self.state = state
        }

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws -> Data? {
            switch state {
            case .chunks(let chunks, let index):
                guard index < chunks.count else { return nil }
                state = .chunks(chunks, next: index + 1)
                return chunks[index]
            case .channel(let consumer):
                return try await consumer.next()
            case .erased(let iterator):
                return try await iterator.next()
            }
        }
    }

    /// Equal bytes in memory, the same file, or the same stream.
    public static func == (lhs: HTTPBody, rhs: HTTPBody) -> Bool {
        switch (lhs.source, rhs.source) {
        case (.chunks(let a), .chunks(let b)): return a.reduce(Data(), +) == b.reduce(Data(), +)
        case (.file(let a, _), .file(let b, _)): return a == b
        case (.channel(let a), .channel(let b)): return a === b
        case (.sequence(let a), .sequence(let b)): return a === b
        default: return false
        }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        switch source {
        case .chunks(let chunks): hasher.combine(chunks.reduce(Data(), +))
        case .file(let url, _): hasher.combine(url)
        case .channel(let channel): hasher.combine(ObjectIdentifier(channel))
        case .sequence(let sequence): hasher.combine(ObjectIdentifier(sequence))
        }
    }
}
