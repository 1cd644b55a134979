import Foundation
import SpecwrightCore

/// `specwright init`: a commented starter spec, or everything the build-tool plugin needs in a
/// target folder (`--target`) or in a new package (`--package`).
public enum InitCommand: Command {
    public static let name = "init"
    public static let abstract = "Writes a starter spec, a plugin target or a new package that builds."
    public static let discussion = """
        Without --target or --package: writes a spec that validates as it is and shows every part of \
        the format once.

        --target <dir>: writes the spec, a commented generation config and the Swift file the \
        target needs into <dir> (SwiftPM runs the plugin only for a target with a Swift file of its \
        own), then prints the Package.swift lines that declare the target.

        --package <dir>: writes a new package into <dir> (Package.swift, a plugin target \
        Sources/<Name>API and an executable) that `swift build` builds as it is.

        An existing file is never overwritten unless --force is given.
        """
    public static let signature = CommandSignature(
        options: [
            .init(
                "name", valueName: "Name",
                help: "The service name, a Swift type prefix (default: from the folder name, else API)."),
            .init(
                "target", valueName: "dir",
                help: "A target folder to scaffold for the build-tool plugin (e.g. Sources/ShopAPI)."),
            .init("package", valueName: "dir", help: "A new package folder to scaffold (e.g. ShopApp)."),
            .init(
                "specwright", valueName: "path-or-url",
                help: "Where the new package finds Specwright (default: ../Specwright, relative to the package).")
        ],
        flags: [.init("force", short: "f", help: "Overwrite files that exist.")],
        positionals: [.init("file", help: "Where to write the spec (default: api.specwright.yaml).", isOptional: true)])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) -> Int32 {
        let file = arguments.positional("file").first
        let target = arguments.option("target")
        let package = arguments.option("package")
        if [file, target, package].compactMap({ $0 }).count > 1 {
            return usage("give one of <file>, --target and --package", context)
        }
        if let name = arguments.option("name"), !ScaffoldNames.isTypeName(name) {
            return usage("--name must be a Swift type name such as 'Bookstore', not '\(name)'", context)
        }
        if arguments.option("specwright") != nil, package == nil, target == nil {
            return usage("--specwright goes with --target or --package", context)
        }
        let location = arguments.option("specwright") ?? "../Specwright"
        let plan: InitPlan
        switch (target, package) {
        case (let target?, _):
            guard let scaffold = targetScaffold(target, name: arguments.option("name"), context) else {
                return ExitCode.usage
            }
            plan = .target(scaffold, specwrightLocation: location)
        case (_, let package?):
            guard let scaffold = packageScaffold(package, name: arguments.option("name"), location: location, context)
            else {
                return ExitCode.usage
            }
            plan = .package(scaffold)
        default:
            let path = file ?? "api.specwright.yaml"
            plan = .spec(ScaffoldFile(path: path, contents: StarterSpec.text(name: arguments.option("name") ?? "API")))
        }
        if let failure = ScaffoldWriter.write(plan.files, force: arguments.flag("force"), output: context.output) {
            return failure
        }
        plan.printNextSteps(context.output)
        return ExitCode.success
    }

    private static func targetScaffold(_ directory: String, name: String?, _ context: CommandContext)
        -> PluginTargetScaffold?
    {
        let directory = trimmed(directory)
        let targetName = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        guard ScaffoldNames.isModuleName(targetName) else {
            _ = usage(
                "the target folder's name is the module name and must be a Swift identifier such as 'ShopAPI', not '\(targetName)'",
                context)
            return nil
        }
        let derived = ScaffoldNames.removingSuffix(ScaffoldNames.typeName(from: targetName), ["API", "Client"])
        let serviceName = name ?? (ScaffoldNames.isTypeName(derived) ? derived : "API")
        return PluginTargetScaffold(directory: directory, targetName: targetName, serviceName: serviceName)
    }

    private static func packageScaffold(_ directory: String, name: String?, location: String, _ context: CommandContext)
        -> PackageScaffold?
    {
        let directory = trimmed(directory)
        let appName = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        let derived = ScaffoldNames.removingSuffix(ScaffoldNames.typeName(from: appName), ["App"])
        guard ScaffoldNames.isModuleName(appName.replacingOccurrences(of: "-", with: "_")),
            let first = appName.unicodeScalars.first, first.properties.isAlphabetic
        else {
            _ = usage(
                "the package folder's name is the package and executable name and must start with a letter and hold only letters, digits, '-' and '_', not '\(appName)'",
                context)
            return nil
        }
        let serviceName = name ?? (ScaffoldNames.isTypeName(derived) ? derived : "API")
        let scaffold = PackageScaffold(
            directory: directory, appName: appName, serviceName: serviceName, specwrightLocation: location)
        guard scaffold.target.targetName != appName else {
            _ = usage(
                "the package folder '\(appName)' has the name of its API target; choose another folder name or --name",
                context)
            return nil
        }
        return scaffold
    }

    private static func trimmed(_ directory: String) -> String {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        return directory
    }

    private static func usage(_ message: String, _ context: CommandContext) -> Int32 {
        context.output.printError("error: \(message)")
        return ExitCode.usage
    }
}
