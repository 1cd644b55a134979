import Foundation

/// Puts a finished download task's file at its destination so that the destination only ever
/// changes from the old file (or none) to the complete new one: `stage` moves the task's file next
/// to the destination (a copy when the system's temporary directory is on another volume), and
/// `commit` renames it over the destination — one atomic `rename(2)`.
enum DownloadPlacement {
    /// Moves `location` to a hidden file in the destination's directory and returns it.
    static func stage(_ location: URL, for download: FileDownload) throws -> URL {
        try stage(location, nextTo: download.destination, suffix: "download")
    }

    /// Moves `location` to a hidden file `.<name>.<uuid>.<suffix>` in `destination`'s directory.
    static func stage(_ location: URL, nextTo destination: URL, suffix: String) throws -> URL {
        let staged = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).\(suffix)")
        do {
            try FileManager.default.moveItem(at: location, to: staged)
        } catch {
            try? FileManager.default.removeItem(at: location)
            throw URLError(
                .cannotMoveFile,
                userInfo: [NSLocalizedDescriptionKey: "cannot move the download next to \(destination.path): \(error)"])
        }
        return staged
    }

    /// Renames `staged` over the destination (replacing a file there).
    static func commit(_ staged: URL, to download: FileDownload) throws {
        // rename(2) replaces atomically; FoundationNetworking's `replaceItemAt` fails on Linux.
        guard rename(staged.path, download.destination.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            throw URLError(
                .cannotMoveFile,
                userInfo: [NSLocalizedDescriptionKey: "cannot move the download into place: \(POSIXError(code))"])
        }
    }

    /// Removes a staged or downloaded file that will not be used.
    static func discard(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }

    /// At most `limit` bytes of `file` (an error response's body kept in memory), or `nil` when it
    /// holds more.
    static func contents(of file: URL, limit: Int) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        return data.count > limit ? nil : data
    }
}
