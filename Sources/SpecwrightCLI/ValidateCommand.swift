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
        a file in one run. Exits with 0 when every spec is valid, 1 when any has errors.
        """
    /// `[--quiet] <spec> ...`.
    public static let signature = CommandSignature(
        flags: [.init("quiet", short: "q", help: "Print nothing for valid specs.")],
        positionals: [.init("spec", help: "The spec files to check.", isRepeating: true)])

    /// Loads every spec, prints its diagnostics, and returns 1 if any spec has errors or
    /// cannot be read.
    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        var failed = false
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
            if let imported = OpenAPIGenerator.importIfOpenAPI(bytes: bytes, file: path) {
                imported.diagnostics.forEach { context.output.printError($0.description) }
                if imported.api == nil { failed = true } else if !arguments.flag("quiet") {
                    context.output.print("\(path): valid OpenAPI document (\(imported.summary))")
                }
                continue
            }
            let result = SpecLoader.load(bytes: bytes, file: path)
            for diagnostic in result.diagnostics {
                context.output.printError(diagnostic.description)
            }
            if let document = result.document {
                if !arguments.flag("quiet") {
                    let endpoints = document.allEndpoints.count
                    context.output.print("\(path): valid (\(document.types.count) types, \(endpoints) endpoints)")
                }
            } else {
                failed = true
            }
        }
        return failed ? ExitCode.specErrors : ExitCode.success
    }
}
