import Foundation

/// Writes a scaffold's files: all or nothing when one exists (unless forced), folders created
/// as needed.
enum ScaffoldWriter {
    /// Writes `files`; returns the exit code of a failure (after printing why), or `nil`.
    static func write(_ files: [ScaffoldFile], force: Bool, output: CLIOutput) -> Int32? {
        if !force, let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            output.printError("error: '\(existing.path)' already exists; pass --force to overwrite it")
            return ExitCode.specErrors
        }
        for file in files {
            let url = URL(fileURLWithPath: file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                output.printError("error: cannot write '\(file.path)': \(error.localizedDescription)")
                return ExitCode.specErrors
            }
        }
        return nil
    }
}
