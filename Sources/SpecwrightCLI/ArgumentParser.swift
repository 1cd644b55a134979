/// A command-line mistake, reported as `Error: <message>` followed by the usage.
public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, e.g. `Unknown option '--foo'`.
    public let message: String

    /// Creates a usage error.
    public init(_ message: String) {
        self.message = message
    }
}

/// Parses a command's arguments against its ``CommandSignature`` the way swift-argument-parser
/// tools do: `--name value`, `--name=value`, `-n value`, flags, `--` ending options,
/// `-h`/`--help` anywhere.
public enum ArgumentParser {
    /// What the command line asks for.
    public enum Outcome: Equatable, Sendable {
        /// Run with these arguments.
        case run(ParsedArguments)
        /// Show the command's help.
        case help
    }

    /// Parses `arguments` (the words after the command name).
    public static func parse(_ arguments: [String], signature: CommandSignature) -> Result<Outcome, UsageError> {
        var parsed = ParsedArguments()
        var positionalValues: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionalValues.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" { return .success(.help) }
            let (spelling, inlineValue) = split(argument)
            if let option = findOption(spelling, in: signature) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
                    value = arguments[index]
                    index += 1
                } else {
                    return .failure(UsageError("Missing value for '--\(option.name) <\(option.valueName)>'"))
                }
                if !option.isRepeatable, parsed.options[option.name] != nil {
                    return .failure(UsageError("'--\(option.name)' may only be given once"))
                }
                parsed.options[option.name, default: []].append(value)
            } else if let flag = findFlag(spelling, in: signature) {
                if inlineValue != nil {
                    return .failure(UsageError("'--\(flag.name)' does not take a value"))
                }
                parsed.flags.insert(flag.name)
            } else {
                return .failure(UsageError("Unknown option '\(spelling)'"))
            }
        }
        return assignPositionals(positionalValues, to: signature, into: parsed)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func findOption(_ spelling: String, in signature: CommandSignature) -> CommandSignature.Option? {
        signature.options.first { "--\($0.name)" == spelling || $0.short.map { "-\($0)" } == spelling }
    }

    private static func findFlag(_ spelling: String, in signature: CommandSignature) -> CommandSignature.Flag? {
        signature.flags.first { "--\($0.name)" == spelling || $0.short.map { "-\($0)" } == spelling }
    }

    private static func assignPositionals(
        _ values: [String], to signature: CommandSignature, into parsed: ParsedArguments
    ) -> Result<Outcome, UsageError> {
        var parsed = parsed
        var remaining = values[...]
        for positional in signature.positionals {
            if positional.isRepeating {
                if remaining.isEmpty, !positional.isOptional {
                    return .failure(UsageError("Missing expected argument '\(positional.usage)'"))
                }
                parsed.positionals[positional.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                parsed.positionals[positional.name] = [value]
            } else if !positional.isOptional {
                return .failure(UsageError("Missing expected argument '\(positional.usage)'"))
            }
        }
        if let extra = remaining.first {
            return .failure(UsageError("Unexpected argument '\(extra)'"))
        }
        return .success(.run(parsed))
    }
}
