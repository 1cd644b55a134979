import Foundation
import SpecwrightCore

/// `specwright init [<file>] [--name Name] [--force]`: writes a commented starter spec.
public enum InitCommand: Command {
    public static let name = "init"
    public static let abstract = "Writes a commented starter spec."
    public static let discussion = """
        Writes a spec that validates as it is and shows every part of the format once. An \
        existing file is never overwritten unless --force is given.
        """
    public static let signature = CommandSignature(
        options: [.init("name", valueName: "Name", help: "The service name, a Swift type prefix (default: API).")],
        flags: [.init("force", short: "f", help: "Overwrite the file when it exists.")],
        positionals: [.init("file", help: "Where to write the spec (default: api.specwright.yaml).", isOptional: true)])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        let path = arguments.positional("file").first ?? "api.specwright.yaml"
        let name = arguments.option("name") ?? "API"
        guard isTypeName(name) else {
            context.output.printError("error: --name must be a Swift type name such as 'Bookstore', not '\(name)'")
            return ExitCode.usage
        }
        if FileManager.default.fileExists(atPath: path), !arguments.flag("force") {
            context.output.printError("error: '\(path)' already exists; pass --force to overwrite it")
            return ExitCode.specErrors
        }
        do {
            try Data(StarterSpec.text(name: name).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            context.output.printError("error: cannot write '\(path)': \(error.localizedDescription)")
            return ExitCode.specErrors
        }
        context.output.print("wrote \(path): edit it, then run 'specwright generate \(path) --output <dir>'")
        return ExitCode.success
    }

    /// `Bookstore`, `MyAPI2`: an ASCII letter first, then letters and digits.
    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
