import Foundation
import Testing
@testable import SpecwrightCLI
import SpecwrightCore

@Suite struct SpecCLITests {
    @Test func validatingTheBookstoreSpecSucceeds() {
        let path = repositoryRoot.appendingPathComponent("specs/bookstore.yaml").path
        let run = runCLI(["validate", path])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == "\(path): valid (5 types, 6 endpoints)\n")
    }

    /// Every spec in `specs/`.
    @Test func everyShippedSpecIsValid() throws {
        var paths: [String] = []
        for folder in ["specs"] {
            let directory = repositoryRoot.appendingPathComponent(folder)
            paths += try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0).path }
        }
        #expect(paths.count >= 2)
        let run = runCLI(["validate", "--quiet"] + paths)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "")
    }

    @Test func aBrokenSpecPrintsAllErrorsSortedAndExitsWithOne() {
        let spec = """
            specwright: 1
            name: Shop
            baseURL: https://x.example
            endpoints:
              books:
                list: { get: /books, response: "[Bok]", timeout: -1 }
            nmae: Shop
            """
        let run = runCLI(["validate", "shop.yaml"], files: ["shop.yaml": Array(spec.utf8)])
        #expect(run.exitCode == 1)
        #expect(
            run.errorLines == [
                "shop.yaml:6:38: error: unknown type 'Bok'",
                "shop.yaml:6:54: error: 'timeout' must be greater than 0, not -1",
                "shop.yaml:7:1: error: unknown key 'nmae' in the spec (did you mean 'name'?)"
            ])
        #expect(run.standardOutput == "")
    }

    @Test func theReadmeDiagnosticsExampleIsWhatTheToolPrints() throws {
        let spec = """
            specwright: 1
            name: Shop
            baseURL: https://x.example
            types: { Book: { properties: { id: UUID } } }
            endpoints:
              books:
                list: { get: /books, response: "[Bok]", timeout: -1 }
            nmae: Shop
            """
        let readme = String(decoding: try repositoryFile("README.md"), as: UTF8.self)
        let documented = readme.split(separator: "\n").filter { $0.hasPrefix("shop.yaml:") }.map(String.init)
        let run = runCLI(["validate", "shop.yaml"], files: ["shop.yaml": Array(spec.utf8)])
        #expect(documented.count == 3)
        #expect(run.errorLines == documented)
    }

    @Test func severalFilesAreAllCheckedAndAnyFailureFailsTheRun() {
        let good = "specwright: 1\nname: A\nbaseURL: https://a.example\n"
        let run = runCLI(
            ["validate", "a.yaml", "missing.yaml", "b.yaml"],
            files: ["a.yaml": Array(good.utf8), "b.yaml": Array(good.utf8)])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "error: cannot read 'missing.yaml': no such file\n")
        #expect(run.standardOutput == "a.yaml: valid (0 types, 0 endpoints)\nb.yaml: valid (0 types, 0 endpoints)\n")
    }

    @Test func aMissingFileOnDiskIsReported() {
        let run = runCLI(["validate", "/nonexistent/dir/spec.yaml"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "error: cannot read '/nonexistent/dir/spec.yaml': no such file\n")
    }

    @Test func warningsAloneKeepTheSpecValid() {
        let spec = """
            specwright: 1
            name: S
            baseURL: https://s.example
            types:
              Q: { properties: { q: String } }
            endpoints:
              search:
                run: { get: /search, body: Q }
            """
        let run = runCLI(["validate", "-q", "s.yaml"], files: ["s.yaml": Array(spec.utf8)])
        #expect(run.exitCode == 0)
        #expect(
            run.errorLines == [
                "s.yaml:8:32: warning: a GET request with a body is not portable; servers and URLSession may drop it"
            ])
    }
}

@Suite struct SpecCLIUsageTests {
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

@Suite struct SpecArgumentParserTests {
    let signature = CommandSignature(
        options: [
            .init("output", short: "o", valueName: "dir", help: "Output."),
            .init("define", valueName: "k=v", help: "Define.", isRepeatable: true)
        ],
        flags: [.init("quiet", short: "q", help: "Quiet.")],
        positionals: [.init("spec", help: "Spec."), .init("extra", help: "Extra.", isRepeating: true, isOptional: true)]
    )

    @Test func optionsFlagsAndPositionalsAreParsedInAnyOrder() throws {
        let outcome = try ArgumentParser.parse(
            ["a.yaml", "-o", "out", "--quiet", "b", "--define=x=1", "--define", "y=2", "c"], signature: signature
        ).get()
        guard case .run(let parsed) = outcome else {
            Issue.record("expected arguments, got \(outcome)")
            return
        }
        #expect(parsed.option("output") == "out")
        #expect(parsed.options["define"] == ["x=1", "y=2"])
        #expect(parsed.flag("quiet"))
        #expect(parsed.positional("spec") == ["a.yaml"])
        #expect(parsed.positional("extra") == ["b", "c"])
    }

    @Test func mistakesAreNamedPrecisely() {
        #expect(
            ArgumentParser.parse(["a", "--output"], signature: signature)
                == .failure(UsageError("Missing value for '--output <dir>'")))
        #expect(
            ArgumentParser.parse(["a", "-o", "x", "-o", "y"], signature: signature)
                == .failure(UsageError("'--output' may only be given once")))
        #expect(
            ArgumentParser.parse(["a", "--quiet=yes"], signature: signature)
                == .failure(UsageError("'--quiet' does not take a value")))
        #expect(ArgumentParser.parse(["a", "-x"], signature: signature) == .failure(UsageError("Unknown option '-x'")))
        #expect(
            ArgumentParser.parse([], signature: signature) == .failure(UsageError("Missing expected argument '<spec>'"))
        )
        let single = CommandSignature(positionals: [.init("spec", help: "")])
        #expect(ArgumentParser.parse(["a", "b"], signature: single) == .failure(UsageError("Unexpected argument 'b'")))
    }

    @Test func helpWinsOverEverythingBeforeADoubleDash() {
        #expect(
            ArgumentParser.parse(["--bogus", "--help"], signature: signature)
                == .failure(UsageError("Unknown option '--bogus'")))
        #expect(ArgumentParser.parse(["a", "--help"], signature: signature) == .success(.help))
        #expect(
            ArgumentParser.parse(["--", "--help"], signature: signature)
                == .success(
                    .run(
                        {
                            var parsed = ParsedArguments()
                            parsed.positionals["spec"] = ["--help"]
                            parsed.positionals["extra"] = []
                            return parsed
                        }())))
    }
}

extension SpecCLITests {
    /// `validate --config` checks the config's filter and policies against each document, as CI wants.
    @Test func validateChecksTheConfigsPoliciesAgainstTheDocument() {
        let spec =
            "specwright: 1\nname: A\nbaseURL: https://a.example\nendpoints:\n  books:\n    list: { get: /books, response: \"[String]\" }\n"
        let good = "policies:\n  - operations: [books.list]\n    cache: http\n"
        let valid = runCLI(
            ["validate", "a.yaml", "--config", "c.yaml"],
            files: ["a.yaml": Array(spec.utf8), "c.yaml": Array(good.utf8)])
        #expect(valid.exitCode == 0)
        let bad = "policies:\n  - tags: [book]\n    cache: http\n"
        let run = runCLI(
            ["validate", "a.yaml", "--config", "c.yaml"], files: ["a.yaml": Array(spec.utf8), "c.yaml": Array(bad.utf8)]
        )
        #expect(run.exitCode == 1)
        #expect(
            run.standardError
                == "c.yaml:2:12: error: policy tag 'book' names no tag of the document (did you mean 'books'?)\n")
    }
}
