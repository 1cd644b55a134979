import SpecwrightCore

/// `specwright diff <old> <new>`: what changed between two versions of an API for a client
/// compiled against the old one.
public enum DiffCommand: Command {
    public static let name = "diff"
    public static let abstract =
        "Reports what changed between two versions of an API for clients built from the old one."
    public static let discussion = """
        Compares two Specwright specs or two OpenAPI documents (YAML or JSON). Breaking changes \
        (removed or renamed operations, new required inputs, changed types, removed response \
        fields, request enum values removed, path, method, auth, envelope or gate changes …) are \
        printed as 'new.yaml:41:9: error: breaking: …' with a note at the old location; \
        compatible ones (additions, new optional inputs, new response enum values, documentation) \
        as notes. A summary line follows. Exit code 1 when a change --fail-on selects was found \
        (default: breaking), 2 for usage errors or documents that do not load.
        """
    public static let signature = CommandSignature(
        options: [
            .init("fail-on", valueName: "level", help: "Exit 1 on: none, breaking (default) or any change."),
            .init("format", valueName: "format", help: "text (default) or json.")
        ],
        positionals: [
            .init("old", help: "The version clients were built from."),
            .init("new", help: "The proposed version.")
        ])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        guard let oldPath = arguments.positional("old").first, let newPath = arguments.positional("new").first else {
            context.output.printError("error: give the <old> and <new> documents")
            return ExitCode.usage
        }
        let failOn = arguments.option("fail-on") ?? "breaking"
        guard ["none", "breaking", "any"].contains(failOn) else {
            context.output.printError("error: --fail-on must be none, breaking or any, not '\(failOn)'")
            return ExitCode.usage
        }
        let format = arguments.option("format") ?? "text"
        guard ["text", "json"].contains(format) else {
            context.output.printError("error: --format must be text or json, not '\(format)'")
            return ExitCode.usage
        }
        var inputs: [APIDiff.Input] = []
        for path in [oldPath, newPath] {
            switch context.readFile(path) {
            case .success(let bytes): inputs.append(APIDiff.Input(bytes: bytes, file: path))
            case .failure(let error):
                context.output.printError("error: cannot read '\(path)': \(error.reason)")
                return ExitCode.usage
            }
        }
        let report = APIDiff.compare(old: inputs[0], new: inputs[1])
        guard report.succeeded else {
            report.diagnostics.forEach { context.output.printError($0.description) }
            return ExitCode.usage
        }
        if format == "json" {
            context.output.print(report.json(old: oldPath, new: newPath))
        } else {
            report.changes.flatMap(\.lines).forEach(context.output.print)
            context.output.print(report.summary(old: oldPath, new: newPath))
        }
        switch failOn {
        case "breaking": return report.breakingCount > 0 ? ExitCode.specErrors : ExitCode.success
        case "any": return report.changes.isEmpty ? ExitCode.success : ExitCode.specErrors
        default: return ExitCode.success
        }
    }
}
