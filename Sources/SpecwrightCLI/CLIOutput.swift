import Foundation

/// Where the command line writes: injectable so that tests run commands in-process and
/// capture what they print.
public struct CLIOutput: Sendable {
    /// Receives text for standard output (already newline-terminated).
    public var standardOutput: @Sendable (String) -> Void
    /// Receives text for standard error (already newline-terminated).
    public var standardError: @Sendable (String) -> Void

    /// Creates an output sink from two closures.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's standard output and standard error.
    public static let standard = CLIOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes one line to standard output.
    public func print(_ line: String) {
        standardOutput(line + "\n")
    }

    /// Writes one line to standard error.
    public func printError(_ line: String) {
        standardError(line + "\n")
    }
}
