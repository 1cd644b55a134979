/// What one `specwright init` run writes, and what it tells the user to do next.
enum InitPlan {
    /// A single starter spec.
    case spec(ScaffoldFile)
    /// A plugin target folder; the user adds the printed lines to an existing `Package.swift`.
    case target(PluginTargetScaffold, specwrightLocation: String)
    /// A new package that builds as it is.
    case package(PackageScaffold)

    /// The files to write.
    var files: [ScaffoldFile] {
        switch self {
        case .spec(let file): return [file]
        case .target(let scaffold, _): return scaffold.files
        case .package(let scaffold): return scaffold.files
        }
    }

    /// Prints the next steps after the files were written.
    func printNextSteps(_ output: CLIOutput) {
        switch self {
        case .spec(let file):
            output.print("wrote \(file.path): edit it, then run 'specwright generate \(file.path) --output <dir>'")
        case .target(let scaffold, let location):
            printWritten(scaffold.files, output)
            output.print(
                """
                Add to Package.swift (what is not there yet):
                    platforms: [.macOS(.v13), .iOS(.v16)],
                    dependencies: [
                        \(PackageScaffold.dependencyDeclaration(location)),
                    ],
                    targets: [
                \(scaffold.targetDeclaration)
                    ],
                and "\(scaffold.targetName)" to the dependencies of each target that uses \(scaffold.clientTypeName). Then: swift build
                """)
        case .package(let scaffold):
            printWritten(scaffold.files, output)
            output.print("Then: cd \(scaffold.directory) && swift build && swift run \(scaffold.appName)")
        }
    }

    private func printWritten(_ files: [ScaffoldFile], _ output: CLIOutput) {
        for file in files {
            output.print("wrote \(file.path)")
        }
    }
}
