import SpecwrightCore

/// `specwright validate <spec> ...`: checks specs and prints every diagnostic.
public enum ValidateCommand: Command {
    /// `validate`.
    public static let name = "validate"
    /// One line for the command list.
    public static let abstract = "Checks specs and reports every problem."
    /// Shown by `specwright validate --help`.
    public static let discussion = """
        Prints each problem as 'file:line:col: error: message' to standard error, all errors of \
        a file in one run. Exits with 0 when every spec is valid, 1 when any has errors. \
        With --strict a document that breaks a rule of its specification fails even where the \
        client would not change (for CI): every warning of a Specwright spec, and every \
        [structure] warning of an OpenAPI document, is an error; constructs the generator skips \
        (callbacks, webhooks, response headers …) stay warnings.
        """
    /// `[--config file] [--quiet] [--strict] <spec> ...`.
    public static let signature = CommandSignature(
        options: [
            .init(
                "config", valueName: "file",
                help: "A generation config file whose filter and policies are checked against each document.")
        ],
        flags: [
            .init("quiet", short: "q", help: "Print nothing for valid specs."),
            .init("strict", help: "Treat rule violations (spec warnings, OpenAPI [structure] warnings) as errors.")
        ],
        positionals: [.init("spec", help: "The spec files to check.", isRepeating: true)])

    /// Runs every document through the generation pipeline up to (not including) rendering,
    /// prints its diagnostics, and returns 1 if any has errors or cannot be read.
    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        var failed = false
        let strict = arguments.flag("strict")
        guard let config = ConfigFileReader.read(arguments, context: context) else { return ExitCode.specErrors }
        for path in arguments.positional("spec") {
            let bytes: [UInt8]
            switch context.readFile(path) {
            case .success(let read):
                bytes = read
            case .failure(let error):
                context.output.printError("error: cannot read '\(path)': \(error.reason)")
                failed = true
                continue
            }
            var input = GenerationInput(bytes: bytes, file: path, filter: config.filter)
            (input.overlay, input.operationNaming) = (config.overlay, config.operationNaming ?? .idiomatic)
            let result = GenerationPipeline.run(input, through: .passes)
            let diagnostics = result.diagnostics(strict: strict)
            diagnostics.forEach { context.output.printError($0.description) }
            guard result.succeeded, !diagnostics.contains(where: { $0.severity == .error }) else {
                failed = true
                continue
            }
            if !arguments.flag("quiet"), let summary = result.summary {
                context.output.print("\(path): \(summary.validationReport)")
            }
        }
        return failed ? ExitCode.specErrors : ExitCode.success
    }
}
