import Foundation

/// Writes generated files into a directory, touching only files whose content changed (so
/// incremental builds stay incremental) and never deleting anything.
public struct OutputWriter: Sendable {
    /// What happened to one file.
    public enum Outcome: String, Sendable, Hashable {
        /// The file did not exist and was written.
        case created
        /// The file existed with other content and was rewritten.
        case updated
        /// The file already had exactly this content; it was not touched.
        case unchanged
    }

    /// A file that could not be written.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The path that failed.
        public let path: String
        /// Why.
        public let reason: String

        /// `path: error: reason`.
        public var description: String { "\(path): error: \(reason)" }
    }

    /// The output directory.
    public let directory: URL

    /// A writer for `directory` (created when missing).
    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes every file; returns the outcome per file name, in the order given.
    public func write(_ files: [GeneratedFile]) throws(Failure) -> [(name: String, outcome: Outcome)] {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: directory.path, reason: "cannot create the output directory")
        }
        var outcomes: [(name: String, outcome: Outcome)] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            let existing = FileManager.default.contents(atPath: url.path)
            if existing == data {
                outcomes.append((file.name, .unchanged))
                continue
            }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw Failure(path: url.path, reason: "cannot write the file")
            }
            outcomes.append((file.name, existing == nil ? .created : .updated))
        }
        return outcomes
    }
}
