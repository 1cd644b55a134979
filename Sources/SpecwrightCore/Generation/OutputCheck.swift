import Foundation

/// Compares generated files with what an output directory holds, writing nothing: the
/// `generate --check` of a team that commits its generated client. Only the generated files
/// are looked at; anything else in the directory is none of the check's business.
public struct OutputCheck: Sendable {
    /// How one file on disk compares with its generated content.
    public enum Status: String, Sendable, Hashable {
        /// The file holds exactly the generated content.
        case current
        /// The file exists with other content.
        case stale
        /// There is no such file.
        case missing
        /// A generated file of an earlier layout that generating would remove.
        case obsolete
    }

    /// The comparison of one generated file.
    public struct FileReport: Sendable, Hashable {
        /// The file name (`Types.swift`).
        public let name: String
        /// The path in the output directory, as the directory was given.
        public let path: String
        /// How the file compares.
        public let status: Status
        /// What the file holds today (nil when missing or not UTF-8 text).
        public let existing: String?
        /// What generation would write.
        public let generated: String

        /// Whether generating would change the file.
        public var isOutOfDate: Bool { status != .current }

        /// `path: error: Types.swift is out of date (…)`, or nil when current.
        public var errorLine: String? {
            switch status {
            case .current: nil
            case .stale: "\(path): error: \(name) is out of date (its content differs from the generated code)"
            case .missing: "\(path): error: \(name) is out of date (the file is missing)"
            case .obsolete: "\(path): error: \(name) is left from an earlier generation (generating removes it)"
            }
        }

        /// The unified diff from the file on disk to the generated content (`a/` and `b/`
        /// labels, so `git apply` takes it from the directory the paths are relative to).
        public var unifiedDiff: String {
            status == .obsolete
                ? UnifiedDiff.make(old: existing ?? "", new: nil, oldLabel: "a/\(path)", newLabel: "b/\(path)")
                : UnifiedDiff.make(
                    old: status == .missing ? nil : existing ?? "", new: generated, oldLabel: "a/\(path)",
                    newLabel: "b/\(path)")
        }
    }

    /// The output directory as given (relative paths stay relative in the reports).
    public let directory: String

    /// A check of `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// One report per file, in the order given, then one per obsolete file of an earlier layout
    /// (``OutputWriter/obsoleteFiles(notIn:prefix:)``; `generated` is empty for those).
    public func compare(_ files: [GeneratedFile], prefix: String = "") -> [FileReport] {
        let obsolete = OutputWriter(directory: URL(fileURLWithPath: directory, isDirectory: true))
            .obsoleteFiles(notIn: files.map(\.name), prefix: prefix).map { name in
                let path = (directory as NSString).appendingPathComponent(name)
                let existing = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
                return FileReport(name: name, path: path, status: .obsolete, existing: existing, generated: "")
            }
        return current(files) + obsolete
    }

    private func current(_ files: [GeneratedFile]) -> [FileReport] {
        files.map { file in
            let path = (directory as NSString).appendingPathComponent(file.name)
            guard let data = FileManager.default.contents(atPath: path) else {
                return FileReport(
                    name: file.name, path: path, status: .missing, existing: nil, generated: file.contents)
            }
            let status: Status = data == Data(file.contents.utf8) ? .current : .stale
            return FileReport(
                name: file.name, path: path, status: status, existing: String(data: data, encoding: .utf8),
                generated: file.contents)
        }
    }

    /// The closing line of a check that found `outOfDate` of `total` files out of date.
    public static func summary(outOfDate: Int, total: Int) -> String {
        outOfDate == 0
            ? "\(total) generated file\(total == 1 ? " is" : "s are") up to date"
            : "\(outOfDate) of \(total) generated files \(outOfDate == 1 ? "is" : "are") out of date; run the same command without --check to update them"
    }
}
