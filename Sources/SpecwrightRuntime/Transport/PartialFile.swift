import Foundation

/// File operations of a resumed download (`DownloadResume`): the partial file grows by the bytes
/// of a later attempt that start inside it, after the bytes both hold were found equal. Reads and
/// writes go in chunks, so memory stays bounded whatever the sizes.
enum PartialFile {
    /// The chunk size of copies.
    static let chunkSize = 1 << 20

    /// The size of `file` in bytes (0 when it cannot be read).
    static func size(of file: URL) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Removes `file`, if any.
    static func remove(_ file: URL?) {
        guard let file else { return }
        try? FileManager.default.removeItem(at: file)
    }

    /// Appends to `partial` (which holds `length` bytes) the bytes of `file` beyond `partial`'s end,
    /// where `file` holds the body from `offset` (≤ `length`). Returns the new length, or `nil`
    /// when the bytes both hold differ (or a file cannot be read or written); `partial` is then
    /// left as it was, up to `length`.
    static func appendVerified(_ file: URL, at offset: Int64, to partial: URL, length: Int64) -> Int64? {
        guard offset >= 0, offset <= length, let source = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? source.close() }
        guard let target = try? FileHandle(forUpdating: partial) else { return nil }
        defer { try? target.close() }
        do {
            let shared = Int(length - offset)
            let incoming = shared > 0 ? try source.read(upToCount: shared) ?? Data() : Data()
            try target.seek(toOffset: UInt64(offset))
            let kept = incoming.isEmpty ? Data() : try target.read(upToCount: incoming.count) ?? Data()
            guard incoming == kept else { return nil }
            guard incoming.count == shared else { return length }  // nothing beyond the partial's end
            try target.truncate(atOffset: UInt64(length))
            try target.seek(toOffset: UInt64(length))
            var total = length
            while let chunk = try source.read(upToCount: chunkSize), !chunk.isEmpty {
                try target.write(contentsOf: chunk)
                total += Int64(chunk.count)
            }
            return total
        } catch {
            try? target.truncate(atOffset: UInt64(length))
            return nil
        }
    }
}
