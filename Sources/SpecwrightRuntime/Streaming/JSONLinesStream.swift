import Foundation

/// The values of a JSON Lines / NDJSON body (`application/jsonl`, `application/x-ndjson`) decoded
/// as `Value` as they arrive: what a generated method for such an operation returns.
///
/// Blank lines are skipped; a last value without a final newline counts; a line that does not
/// decode throws `SpecwrightError` `.decoding`. Leaving the loop early cancels the request.
public struct JSONLinesStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A decoded line.
    public typealias Element = Value

    let body: HTTPBody
    let decoder: JSONDecoder
    let limit: Int

    /// The lines of `body` decoded with `decoder`; a line may hold up to `limit` bytes.
    public init(
        _ body: HTTPBody, decoder: JSONDecoder = JSONDecoder(), limit: Int = TransferLimits.defaultMaximumResponseBytes
    ) {
        self.body = body
        self.decoder = decoder
        self.limit = limit
    }

    /// Iterates the decoded values.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator(), splitter: JSONLineSplitter(limit: limit), decoder: decoder)
    }

    /// Iterates a ``JSONLinesStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var body: HTTPBody.AsyncIterator?
        var splitter: JSONLineSplitter
        let decoder: JSONDecoder
        var pending: [Data] = []
        var nextPending = 0

        /// The next value, or `nil` at the end of the body.
        public mutating func next() async throws -> Value? {
            while nextPending >= pending.count {
                guard body != nil else { return nil }
                if let chunk = try await body?.next() {
                    pending = try splitter.split(chunk)
                } else {
                    body = nil
                    pending = splitter.finish().map { [$0] } ?? []
                }
                nextPending = 0
            }
            defer { nextPending += 1 }
            return try StreamedValueDecoding.decode(Value.self, from: pending[nextPending], decoder: decoder)
        }
    }
}
