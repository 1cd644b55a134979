import SpecwrightCore

/// Help and usage texts in the layout of swift-argument-parser tools.
enum HelpText {
    static let toolName = "specwright"
    static let overview = "Generates typed Swift API clients from a YAML endpoint spec."

    /// `specwright --help`.
    static func main() -> String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(toolName) <subcommand>", "", "OPTIONS:"]
        lines.append(row("--version", "Show the version."))
        lines.append(row("-h, --help", "Show help information."))
        lines.append("")
        lines.append("SUBCOMMANDS:")
        for command in CommandRegistry.commands {
            lines.append(row(command.name, command.abstract))
        }
        lines.append("")
        lines.append("  See '\(toolName) help <subcommand>' for detailed help.")
        return lines.joined(separator: "\n")
    }

    /// `specwright <command> --help`.
    static func command(_ command: any Command.Type) -> String {
        let signature = command.signature
        var lines = ["OVERVIEW: \(command.abstract)", ""]
        if !command.discussion.isEmpty {
            lines.append(command.discussion)
            lines.append("")
        }
        lines.append("USAGE: \(usage(command))")
        lines.append("")
        if !signature.positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in signature.positionals {
                lines.append(row("<\(positional.name)>", positional.help))
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in signature.options {
            let short = option.short.map { "-\($0), " } ?? ""
            lines.append(row("\(short)--\(option.name) <\(option.valueName)>", option.help))
        }
        for flag in signature.flags {
            let short = flag.short.map { "-\($0), " } ?? ""
            lines.append(row("\(short)--\(flag.name)", flag.help))
        }
        lines.append(row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n")
    }

    /// `specwright validate [--quiet] <spec> ...`.
    static func usage(_ command: any Command.Type) -> String {
        let signature = command.signature
        var parts = [toolName, command.name]
        for option in signature.options {
            parts.append("[--\(option.name) <\(option.valueName)>]")
        }
        for flag in signature.flags {
            parts.append("[--\(flag.name)]")
        }
        parts += signature.positionals.map(\.usage)
        return parts.joined(separator: " ")
    }

    /// The error block printed for a usage error.
    static func usageError(_ error: UsageError, command: (any Command.Type)?) -> String {
        let usageLine = command.map(usage) ?? "\(toolName) <subcommand>"
        let helpHint = command.map { "\(toolName) \($0.name) --help" } ?? "\(toolName) --help"
        return "Error: \(error.message)\nUsage: \(usageLine)\n  See '\(helpHint)' for more information."
    }

    private static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        if padded.count < 26 {
            return padded + String(repeating: " ", count: 26 - padded.count) + help
        }
        return padded + "\n" + String(repeating: " ", count: 26) + help
    }
}
