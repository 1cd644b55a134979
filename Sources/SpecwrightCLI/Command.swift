/// One `specwright <command>`. To add a command, write a type conforming to this protocol in
/// its own file and list it in ``CommandRegistry/commands``.
public protocol Command: Sendable {
    /// The word after `specwright` (`validate`).
    static var name: String { get }
    /// One line for the command list and the OVERVIEW section.
    static var abstract: String { get }
    /// Extra paragraphs for `--help` (may be empty).
    static var discussion: String { get }
    /// The options, flags and positional arguments the command accepts.
    static var signature: CommandSignature { get }
    /// Runs the command with parsed arguments and returns the exit code.
    static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32
}

extension Command {
    /// No discussion by default.
    public static var discussion: String { "" }
}

/// What a command may use besides its arguments: the output sink and file access, both
/// injectable for in-process tests.
public struct CommandContext: Sendable {
    /// Where to print.
    public var output: CLIOutput
    /// Reads a whole file (see ``SpecFileReader``).
    public var readFile: @Sendable (String) -> Result<[UInt8], FileReadError>

    /// Creates a context.
    public init(
        output: CLIOutput,
        readFile: @escaping @Sendable (String) -> Result<[UInt8], FileReadError> = SpecFileReader.read
    ) {
        self.output = output
        self.readFile = readFile
    }
}

/// Exit codes shared by all commands.
public enum ExitCode {
    /// Success: every spec is valid / generation succeeded.
    public static let success: Int32 = 0
    /// A spec (or input file) has errors.
    public static let specErrors: Int32 = 1
    /// The command line itself is wrong.
    public static let usage: Int32 = 2
}
