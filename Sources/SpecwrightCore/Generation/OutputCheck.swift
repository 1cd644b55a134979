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
            }
        }

        /// The unified diff from the file on disk to the generated content (`a/` and `b/`
        /// labels, so `git apply` takes it from the directory the paths are relative to).
        public var unifiedDiff: String {
            UnifiedDiff.make(old: status == .missing ? nil : existing ?? "", new: generated, oldLabel: "a/\(path)", newLabel: "b/\(path)")
        }
    }

    /// The output directory as given (relative paths stay relative in the reports).
    public let directory: String

    /// A check of `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// One report per file, in the order given.
    public func compare(_ files: [GeneratedFile]) -> [FileReport] {
        files.map { file in
            let path = (directory as NSString).appendingPathComponent(file.name)
            guard let data = FileManager.default.contents(atPath: path) else {
                return FileReport(name: file.name, path: path, status: .missing, existing: nil, generated: file.contents)
            }
            let status: Status = data == Data(file.contents.utf8) ? .current : .stale
            return FileReport(
                name: file.name, path: path, status: status, existing: String(data: data, encoding: .utf8), generated: file.contents)
        }
    }

    /// The closing line of a check that found `outOfDate` of `total` files out of date.
    public static func summary(outOfDate: Int, total: Int) -> String {
        outOfDate == 0
            ? "\(total) generated file\(total == 1 ? " is" : "s are") up to date"
            : "\(outOfDate) of \(total) generated files \(outOfDate == 1 ? "is" : "are") out of date; run the same command without --check to update them"
    }
}
