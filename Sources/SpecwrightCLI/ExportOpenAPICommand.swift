import Foundation
import SpecwrightCore

/// `specwright export-openapi <spec> --output api.yaml`: writes a Specwright spec as an
/// OpenAPI 3.1 document (YAML, or JSON when the output name ends in `.json`).
public enum ExportOpenAPICommand: Command {
    public static let name = "export-openapi"
    public static let abstract = "Writes a spec as an OpenAPI 3.1 document."
    public static let discussion = """
        The document has the spec's types as components/schemas and its endpoints as operations \
        tagged with their group. Settings OpenAPI cannot express (envelope, retry, cache, gates, \
        batching) are kept as x-specwright-* extensions. The output is YAML unless its name ends \
        in .json; '-' writes to standard output.
        """
    public static let signature = CommandSignature(
        options: [
            .init(
                "output", short: "o", valueName: "file",
                help: "The file to write (api.yaml, api.json or - for standard output).")
        ],
        positionals: [.init("spec", help: "The spec file.")])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        guard let path = arguments.positional("spec").first else {
            context.output.printError("error: missing <spec>")
            return ExitCode.usage
        }
        guard let output = arguments.option("output") else {
            context.output.printError("error: missing --output <file>")
            return ExitCode.usage
        }
        let bytes: [UInt8]
        switch context.readFile(path) {
        case .success(let read): bytes = read
        case .failure(let error):
            context.output.printError("error: cannot read '\(path)': \(error.reason)")
            return ExitCode.specErrors
        }
        let loaded = GenerationPipeline.run(GenerationInput(bytes: bytes, file: path), through: .frontEnd)
        for diagnostic in loaded.diagnostics { context.output.printError(diagnostic.description) }
        if loaded.isOpenAPI {
            context.output.printError(
                "error: '\(path)' is already an OpenAPI document; export-openapi takes a Specwright spec")
            return ExitCode.specErrors
        }
        guard let document = loaded.document, loaded.succeeded else { return ExitCode.specErrors }
        let value = OpenAPIExporter(document: document).export()
        let text = output.hasSuffix(".json") ? value.json : value.yaml
        if output == "-" {
            context.output.print(String(text.dropLast()))
            return ExitCode.success
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            context.output.printError("error: cannot write '\(output)'")
            return ExitCode.specErrors
        }
        return ExitCode.success
    }
}
