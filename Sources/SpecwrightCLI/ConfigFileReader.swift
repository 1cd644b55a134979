import SpecwrightCore

/// Reads the generation config a command's `--config` names.
enum ConfigFileReader {
    /// The config of `--config` (an empty one without the option); nil after printing the
    /// problems when the file cannot be read or has errors.
    static func read(_ arguments: ParsedArguments, context: CommandContext) -> GenerationConfig? {
        guard let path = arguments.option("config") else { return GenerationConfig() }
        switch context.readFile(path) {
        case .success(let bytes):
            let parsed = GenerationConfig.parse(bytes, file: path)
            parsed.diagnostics.forEach { context.output.printError($0.description) }
            return parsed.config
        case .failure(let error):
            context.output.printError("error: cannot read '\(path)': \(error.reason)")
            return nil
        }
    }
}
