import Foundation

/// The file in which FoundationNetworking (Linux) wrote the body of a download task that did not
/// finish: `NSTemporaryDirectory()/<UUID>.tmp`, created at the first body chunk and left behind
/// when the task fails or is cancelled (FoundationNetworking neither removes it nor names it in the
/// error, and it has no resume data). The runtime finds it to resume from it or to remove it.
///
/// The name is random, so the file is recognised by what is known about it: the name's shape, a
/// size equal to the bytes the task received, and a modification after the task started. Another
/// unfinished download with exactly the same byte count, written since, is the only possible
/// confusion; when more than one file matches, none is used (the download then restarts and the
/// files stay). Apple platforms remove their own temporary files, so nothing is found there.
enum PlatformDownloadFile {
    /// The file of an unfinished download task that received `size` bytes and started at `start`,
    /// or `nil` when there is none or more than one candidate.
    static func find(size: Int64, modifiedSince start: Date) -> URL? {
        #if canImport(FoundationNetworking)
            guard size > 0 else { return nil }
            let directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
            var found: [URL] = []
            for name in names where isPlatformName(name) {
                let file = directory.appendingPathComponent(name)
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                    (attributes[.size] as? NSNumber)?.int64Value == size,
                    let modified = attributes[.modificationDate] as? Date, modified >= start.addingTimeInterval(-1)
                else { continue }
                found.append(file)
            }
            return found.count == 1 ? found[0] : nil
        #else
            return nil
        #endif
    }

    /// Removes the unfinished download's file, when it can be told apart from any other.
    static func remove(size: Int64, modifiedSince start: Date) {
        if let file = find(size: size, modifiedSince: start) {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Whether `name` has the shape FoundationNetworking gives its download files: `<UUID>.tmp`.
    static func isPlatformName(_ name: String) -> Bool {
        guard name.hasSuffix(".tmp"), name.utf8.count == 40 else { return false }
        return UUID(uuidString: String(name.dropLast(4))) != nil
    }
}
