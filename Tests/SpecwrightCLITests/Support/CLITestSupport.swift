import Foundation
import SpecwrightCLI

/// Captures what a CLI run prints.
final class OutputCapture: @unchecked Sendable {  // @unchecked: both buffers are only touched under `lock`.
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }

    var output: CLIOutput {
        CLIOutput(
            standardOutput: { text in self.lock.withLock { self.out += text } },
            standardError: { text in self.lock.withLock { self.err += text } })
    }
}

/// The outcome of one in-process CLI run.
struct CLIRun {
    let exitCode: Int32
    let standardOutput: String
    let standardError: String

    var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
}

/// Runs the CLI in-process; `files` replaces the file system when given.
func runCLI(_ arguments: [String], files: [String: [UInt8]]? = nil) -> CLIRun {
    let capture = OutputCapture()
    let code: Int32
    if let files {
        code = CLI.run(arguments, output: capture.output) { path in
            files[path].map { .success($0) } ?? .failure(FileReadError("no such file"))
        }
    } else {
        code = CLI.run(arguments, output: capture.output)
    }
    return CLIRun(exitCode: code, standardOutput: capture.standardOutput, standardError: capture.standardError)
}
