import Foundation
import Testing

/// Help, usage errors and option syntax, the same for every command.
@Suite struct UsageTests {
    @Test func helpListsTheSubcommandsAndExitsWithZero() {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = runCLI(arguments)
            #expect(run.exitCode == 0)
            #expect(
                run.standardOutput.hasPrefix(
                    "OVERVIEW: Generates typed Swift API clients from a YAML endpoint spec.\n\nUSAGE: specwright <subcommand>\n"
                ))
            #expect(
                run.standardOutput.contains("\n  validate                Checks specs and reports every problem.\n"))
        }
    }

    @Test func commandHelpShowsUsageArgumentsAndOptions() {
        for arguments in [["validate", "--help"], ["validate", "x.yaml", "-h"], ["help", "validate"]] {
            let run = runCLI(arguments)
            #expect(run.exitCode == 0)
            #expect(
                run.standardOutput.contains(
                    "USAGE: specwright validate [--config <file>] [--quiet] [--strict] <spec> ...\n"))
            #expect(run.standardOutput.contains("ARGUMENTS:\n  <spec>                  The spec files to check.\n"))
            #expect(run.standardOutput.contains("  -q, --quiet             Print nothing for valid specs.\n"))
        }
    }

    @Test func anUnknownOptionIsAUsageError() {
        let run = runCLI(["validate", "--pedantic", "x.yaml"])
        #expect(run.exitCode == 2)
        #expect(
            run.standardError == """
                Error: Unknown option '--pedantic'
                Usage: specwright validate [--config <file>] [--quiet] [--strict] <spec> ...
                  See 'specwright validate --help' for more information.

                """)
    }

    @Test func aMissingArgumentIsAUsageError() {
        let run = runCLI(["validate"])
        #expect(run.exitCode == 2)
        #expect(run.errorLines.first == "Error: Missing expected argument '<spec> ...'")
    }

    @Test func anUnknownSubcommandSuggestsTheClosestOne() {
        let run = runCLI(["valdate", "x.yaml"])
        #expect(run.exitCode == 2)
        #expect(run.errorLines.first == "Error: Unknown subcommand 'valdate' (did you mean 'validate'?)")
    }

    @Test func noArgumentsPrintsHelpAsAUsageError() {
        let run = runCLI([])
        #expect(run.exitCode == 2)
        #expect(run.standardError.hasPrefix("OVERVIEW:"))
    }

    @Test func aDoubleDashEndsOptions() {
        let spec = "specwright: 1\nname: A\nbaseURL: https://a.example\n"
        let run = runCLI(["validate", "--", "--odd.yaml"], files: ["--odd.yaml": Array(spec.utf8)])
        #expect(run.exitCode == 0)
    }
}
