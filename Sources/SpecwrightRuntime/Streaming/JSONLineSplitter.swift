import Foundation

/// Splits a JSON Lines / NDJSON body (`application/jsonl`, `application/x-ndjson`), in chunks split
/// anywhere, into its values' bytes: lines end with LF (a CR before it is dropped, as NDJSON
/// allows), blank lines are skipped, and a last value without a final newline still counts.
///
/// Memory is bounded: a line longer than `limit` bytes throws `SpecwrightError` `.responseTooLarge`.
public struct JSONLineSplitter: Sendable {
    /// The largest line accepted, in bytes.
    public let limit: Int
    private var partial = Data()

    /// A splitter that accepts lines up to `limit` bytes.
    public init(limit: Int = TransferLimits.defaultMaximumResponseBytes) {
        self.limit = max(1, limit)
    }

    /// The lines `chunk` completes, in order, without their line ends.
    public mutating func split(_ chunk: Data) throws -> [Data] {
        var lines: [Data] = []
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: 0x0A) {
            if partial.isEmpty {
                guard newline - start <= limit else { throw TransferLimits(maximumResponseBytes: limit).tooLarge() }
                append(chunk[start..<newline], to: &lines)
            } else {
                try extend(chunk[start..<newline])
                append(partial, to: &lines)
                partial = Data()
            }
            start = chunk.index(after: newline)
        }
        if start < chunk.endIndex { try extend(chunk[start...]) }
        return lines
    }

    /// The last line, when the body did not end with a newline.
    public mutating func finish() -> Data? {
        var lines: [Data] = []
        append(partial, to: &lines)
        partial = Data()
        return lines.first
    }

    private mutating func extend(_ bytes: Data) throws {
        guard partial.count + bytes.count <= limit else { throw TransferLimits(maximumResponseBytes: limit).tooLarge() }
        partial.append(bytes)
    }

    private func append(_ line: Data, to lines: inout [Data]) {
        var end = line.endIndex
        if end > line.startIndex, line[line.index(before: end)] == 0x0D { end = line.index(before: end) }
        let trimmed = line[line.startIndex..<end]
        guard trimmed.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        lines.append(Data(trimmed))
    }
}
