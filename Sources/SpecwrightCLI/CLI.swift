import SpecwrightCore

/// Entry point of the `specwright` command line. `Sources/specwright/main.swift` only calls
/// ``run(_:output:)`` and exits with its result; tests call it in-process.
public enum CLI {
    /// Runs the command line and returns the process exit code (see ``ExitCode``).
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - output: where to print (the process's stdout/stderr by default).
    ///   - readFile: how files are read (the file system by default).
    public static func run(
        _ arguments: [String],
        output: CLIOutput = .standard,
        readFile: @escaping @Sendable (String) -> Result<[UInt8], FileReadError> = SpecFileReader.read
    ) -> Int32 {
        let context = CommandContext(output: output, readFile: readFile)
        guard let first = arguments.first else {
            output.printError(HelpText.main())
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            output.print(HelpText.main())
            return ExitCode.success
        case "--version":
            output.print(SpecwrightVersion.current)
            return ExitCode.success
        case "help":
            return help(Array(arguments.dropFirst()), output: output)
        default:
            break
        }
        guard let command = CommandRegistry.command(named: first) else {
            let word = first.hasPrefix("-") ? "option" : "subcommand"
            var message = "Unknown \(word) '\(first)'"
            if let match = Suggestions.closest(to: first, in: CommandRegistry.commands.map { $0.name }) {
                message += " (did you mean '\(match)'?)"
            }
            output.printError(HelpText.usageError(UsageError(message), command: nil))
            return ExitCode.usage
        }
        return execute(command, arguments: Array(arguments.dropFirst()), context: context)
    }

    /// Parses the command's arguments, then shows help, reports a usage error or runs it.
    private static func execute<C: Command>(_ command: C.Type, arguments: [String], context: CommandContext) -> Int32 {
        let outcome = ArgumentParser.parse(arguments, signature: command.signature)
        let parsed: ParsedArguments
        switch outcome {
        case .success(let result):
            guard case .run(let values) = result else {
                context.output.print(HelpText.command(command))
                return ExitCode.success
            }
            parsed = values
        case .failure(let error):
            context.output.printError(HelpText.usageError(error, command: command))
            return ExitCode.usage
        }
        return command.run(parsed, context: context)
    }

    /// `specwright help [<subcommand>]`.
    private static func help(_ arguments: [String], output: CLIOutput) -> Int32 {
        guard let name = arguments.first else {
            output.print(HelpText.main())
            return ExitCode.success
        }
        guard let command = CommandRegistry.command(named: name) else {
            output.printError(HelpText.usageError(UsageError("Unknown subcommand '\(name)'"), command: nil))
            return ExitCode.usage
        }
        output.print(HelpText.command(command))
        return ExitCode.success
    }
}
