import Foundation

/// What the attempts of one download share so that a retry continues where an interrupted attempt
/// stopped (RFC 9110 §14: `Range`, `If-Range`, `206 Partial Content`) instead of starting over.
///
/// After an attempt is cut mid-body, its bytes are kept in a hidden partial file next to the
/// destination (`.<name>.<uuid>.partial`). The next attempt asks for the rest, starting
/// ``overlap`` bytes early: the bytes both have must be equal, and the `Content-Range` must name the
/// same total, before the rest is appended — so a file that changed on the server is never spliced,
/// even where the platform hides the interrupted response's validator (FoundationNetworking sets a
/// download task's response only when it completes). When the validator is known (Apple platforms),
/// `If-Range` carries it and a changed file comes back whole (`200`): the download restarts from 0.
/// A `206` that does not fit fails the attempt as a lost connection, with the partial file removed,
/// so the next attempt starts from 0.
///
/// The partial file is removed when the call ends (``finish()``), whatever the outcome.
final class DownloadResume: Sendable {
    /// Bytes requested again in front of the partial file's end, compared before appending.
    static let overlap: Int64 = 64 * 1024

    /// The bytes kept from interrupted attempts.
    struct Partial: Sendable {
        var file: URL
        var length: Int64
        /// The whole body's size, when an attempt announced it.
        var total: Int64?
        /// A strong `ETag` or a `Last-Modified` of the interrupted response, when the platform showed it.
        var validator: String?
    }

    private struct State: Sendable {
        var partial: Partial?
        var finished = false
        var reported: Int64 = 0
    }

    private let state = Locked(State())
    private let destination: URL

    init(destination: URL) {
        self.destination = destination
    }

    /// Where the next attempt starts, and the header fields that ask for it (none from 0).
    func nextAttempt() -> (offset: Int64, headers: [HTTPHeader]) {
        guard let partial = state.value.partial, partial.length > 0 else { return (0, []) }
        let offset = max(0, partial.length - Self.overlap)
        var headers = [HTTPHeader("Range", "bytes=\(offset)-")]
        if let validator = partial.validator { headers.append(HTTPHeader("If-Range", validator)) }
        return (offset, headers)
    }

    /// The whole body's size as far as known: the partial's total, else `offset + expected`.
    func total(offset: Int64, expected: Int64) -> Int64? {
        state.value.partial?.total ?? (expected >= 0 ? offset + expected : nil)
    }

    /// `completed` or the largest value reported before, so progress never goes back across attempts.
    func report(_ completed: Int64) -> Int64 {
        state.withLock { current in
            current.reported = max(current.reported, completed)
            return current.reported
        }
    }

    /// Keeps the bytes of an attempt that was cut mid-body: `file` holds the body from `offset`,
    /// `expected` is what that attempt announced (`-1`: unknown).
    func keepInterrupted(_ file: URL, offset: Int64, expected: Int64, validator: String?) {
        state.withLock { current in
            guard !current.finished else { return PartialFile.remove(file) }
            if offset == 0 || current.partial == nil {
                PartialFile.remove(current.partial?.file)
                current.partial = nil
                guard offset == 0, let kept = try? DownloadPlacement.stage(file, nextTo: destination, suffix: "partial")
                else { return PartialFile.remove(file) }
                let length = PartialFile.size(of: kept)
                current.partial = Partial(
                    file: kept, length: length, total: expected >= 0 ? expected : nil, validator: validator)
                return
            }
            guard var partial = current.partial else { return }
            if let appended = PartialFile.appendVerified(file, at: offset, to: partial.file, length: partial.length) {
                partial.length = appended
                current.partial = partial
            } else {
                PartialFile.remove(partial.file)
                current.partial = nil
            }
            PartialFile.remove(file)
        }
    }

    /// The file to move into place for a finished 2xx attempt whose body is in `file` (the
    /// platform's temporary file): the partial file completed by a fitting `206`, else `file`
    /// staged next to the destination (`200`: the whole body, the partial file is dropped).
    func assemble(_ file: URL, status: Int, contentRange: String?, offset: Int64) throws -> URL {
        let partial: Partial? = state.withLock { current in
            defer { current.partial = nil }
            return current.partial
        }
        guard status == 206, offset > 0 else {
            PartialFile.remove(partial?.file)
            return try DownloadPlacement.stage(file, nextTo: destination, suffix: "download")
        }
        guard let partial else { throw Self.mismatch(file) }
        let range = contentRange.flatMap(ContentRange.init)
        let fits =
            range.map { $0.start == offset && (partial.total == nil || $0.total == nil || $0.total == partial.total) }
            ?? false
        guard fits, let length = PartialFile.appendVerified(file, at: offset, to: partial.file, length: partial.length),
            range?.total.map({ $0 == length }) ?? true
        else {
            PartialFile.remove(partial.file)
            throw Self.mismatch(file)
        }
        PartialFile.remove(file)
        return partial.file
    }

    /// Removes `file` and returns the error of a `206` that does not continue the partial file.
    private static func mismatch(_ file: URL) -> URLError {
        PartialFile.remove(file)
        return URLError(
            .networkConnectionLost,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "the resumed download does not continue the interrupted one (the file changed on the server); the next attempt starts from 0"
            ])
    }

    /// The call ended: removes the partial file; later interrupted attempts keep nothing.
    func finish() {
        let partial: Partial? = state.withLock { current in
            current.finished = true
            defer { current.partial = nil }
            return current.partial
        }
        PartialFile.remove(partial?.file)
    }
}

/// `Content-Range: bytes <start>-<end>/<total or *>` (RFC 9110 §14.4).
struct ContentRange: Sendable, Hashable {
    var start: Int64
    var end: Int64
    var total: Int64?

    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6).split(separator: "/", maxSplits: 1)
        let bounds = spec.first?.split(separator: "-", maxSplits: 1) ?? []
        guard spec.count == 2, bounds.count == 2, let start = Int64(bounds[0].trimmingCharacters(in: .whitespaces)),
            let end = Int64(bounds[1].trimmingCharacters(in: .whitespaces)), start <= end
        else { return nil }
        self.start = start
        self.end = end
        total = spec[1] == "*" ? nil : Int64(spec[1].trimmingCharacters(in: .whitespaces))
    }
}
