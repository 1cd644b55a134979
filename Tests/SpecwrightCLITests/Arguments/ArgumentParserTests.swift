import Foundation
import Testing
@testable import SpecwrightCLI

/// `ArgumentParser` against a command's signature.
@Suite struct ArgumentParserTests {
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
