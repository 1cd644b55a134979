import Foundation
import SpecwrightCore

/// `specwright generate <spec> --output <dir>`: writes `Types.swift`, `Endpoints.swift` and
/// `Client.swift` for a spec.
public enum GenerateCommand: Command {
    public static let name = "generate"
    public static let abstract = "Generates the Swift client for a spec."
    public static let discussion = """
        Writes Types.swift, Endpoints.swift and Client.swift into the output directory, or for a \
        large spec (or --shards N) Client.swift and per shard k Types<k>.swift, Endpoints<k>.swift \
        and Client<k>.swift. A file is written only when its content changed; a generated file of \
        an earlier layout that this run does not write is removed; nothing else in the directory \
        is touched. A spec with errors generates nothing: its diagnostics are printed and the exit \
        code is 1.
        """
    public static let signature = CommandSignature(
        options: [
            .init("output", short: "o", valueName: "dir", help: "The directory to write the files into."),
            .init(
                "access", valueName: "level",
                help: "Access level of the generated API: public (default), package or internal."),
            .init(
                "templates", valueName: "dir", help: "A directory of .mustache files overriding the default templates."),
            .init(
                "config", valueName: "file",
                help: "A generation config file (access, templates, filter, policies); command-line options win."),
            .init(
                "file-prefix", valueName: "prefix",
                help: "Prefix for the output file names (BookstoreTypes.swift), so several specs can share a target."),
            .init(
                "shards", valueName: "count",
                help:
                    "Split the output into this many shards of files (1: Types, Endpoints, Client); default: by the spec's size."
            )
        ],
        flags: [
            .init("quiet", short: "q", help: "Print nothing when generation succeeds."),
            .init(
                "mutable-properties", help: "Generate objects with var properties instead of let (slower to compile)."),
            .init("check", help: "Write nothing; exit 1 listing every output file that is out of date (for CI)."),
            .init("diff", help: "With --check: print a unified diff of each out-of-date file.")
        ],
        positionals: [.init("spec", help: "The spec file.")])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        guard let path = arguments.positional("spec").first else {
            context.output.printError("error: missing <spec>")
            return ExitCode.usage
        }
        guard let output = arguments.option("output") else {
            context.output.printError("error: missing --output <dir>")
            return ExitCode.usage
        }
        if let prefix = arguments.option("file-prefix"), prefix.contains("/") || prefix.hasPrefix(".") {
            context.output.printError("error: --file-prefix must be a plain file-name prefix, not '\(prefix)'")
            return ExitCode.usage
        }
        if arguments.flag("diff"), !arguments.flag("check") {
            context.output.printError("error: --diff only goes with --check")
            return ExitCode.usage
        }
        guard let config = ConfigFileReader.read(arguments, context: context) else { return ExitCode.specErrors }
        var shards = config.shards
        if let text = arguments.option("shards") {
            guard let count = Int(text), (1...ShardLayout.maxCount).contains(count) else {
                context.output.printError(
                    "error: --shards must be a whole number from 1 to \(ShardLayout.maxCount), not '\(text)'")
                return ExitCode.usage
            }
            if let configured = config.shards, configured != count {
                context.output.printError("warning: --shards \(count) overrides the config's 'shards: \(configured)'")
            }
            shards = count
        }
        let accessName = arguments.option("access") ?? config.access?.rawValue ?? AccessLevel.public.rawValue
        guard let access = AccessLevel(rawValue: accessName) else {
            context.output.printError("error: --access must be public, package or internal, not '\(accessName)'")
            return ExitCode.usage
        }
        let templates: TemplateSet
        do {
            if let directory = arguments.option("templates") ?? config.templatesDirectory {
                templates = try TemplateSet.overriding(with: URL(fileURLWithPath: directory, isDirectory: true))
            } else {
                templates = try TemplateSet.defaults()
            }
        } catch {
            context.output.printError(error.description)
            return ExitCode.specErrors
        }
        let bytes: [UInt8]
        switch context.readFile(path) {
        case .success(let read):
            bytes = read
        case .failure(let error):
            context.output.printError("error: cannot read '\(path)': \(error.reason)")
            return ExitCode.specErrors
        }
        var input = GenerationInput(
            bytes: bytes, file: path,
            options: RenderOptions(
                access: access,
                mutableProperties: arguments.flag("mutable-properties") || config.mutableProperties == true),
            filter: config.filter, templates: templates, filePrefix: arguments.option("file-prefix") ?? "")
        input.operationNaming = config.operationNaming ?? .idiomatic
        input.overlay = config.overlay
        input.shards = shards.map(ShardLayout.init(count:))
        let result = GenerationPipeline.run(input)
        for diagnostic in result.diagnostics {
            context.output.printError(diagnostic.description)
        }
        if let failure = result.templateFailure {
            context.output.printError(failure.description)
        }
        guard result.succeeded else { return ExitCode.specErrors }
        let files = result.files
        if arguments.flag("check") {
            return check(
                files, in: output, prefix: input.filePrefix, showingDiff: arguments.flag("diff"),
                quiet: arguments.flag("quiet"),
                context: context)
        }
        do {
            let outcomes = try OutputWriter(directory: URL(fileURLWithPath: output, isDirectory: true))
                .write(files, prefix: input.filePrefix)
            if !arguments.flag("quiet") {
                for (name, outcome) in outcomes {
                    context.output.print("\(outcome.rawValue): \((output as NSString).appendingPathComponent(name))")
                }
                if let report = result.summary?.generationReport { context.output.print("\(path): \(report)") }
            }
        } catch {
            context.output.printError(error.description)
            return ExitCode.specErrors
        }
        return ExitCode.success
    }

    /// `--check`: reports the out-of-date files (and their diffs) and writes nothing.
    private static func check(
        _ files: [GeneratedFile], in output: String, prefix: String, showingDiff: Bool, quiet: Bool,
        context: CommandContext
    ) -> Int32 {
        let reports = OutputCheck(directory: output).compare(files, prefix: prefix)
        let outOfDate = reports.filter(\.isOutOfDate)
        for report in outOfDate {
            report.errorLine.map(context.output.printError)
            if showingDiff { context.output.standardOutput(report.unifiedDiff) }
        }
        let summary = OutputCheck.summary(outOfDate: outOfDate.count, total: reports.count)
        if !outOfDate.isEmpty {
            context.output.printError("note: " + summary)
            return ExitCode.specErrors
        }
        if !quiet { context.output.print(summary) }
        return ExitCode.success
    }
}
