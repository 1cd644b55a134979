import Foundation
import Testing

/// `validate --strict` turns every rule violation (`[structure]` warning) into an error, as teams
/// want in CI; what the generator skips (callbacks, webhooks …) stays a warning.
@Suite struct ValidateStrictTests {
    @Test(
        "every document of the failing schema suite fails validate --strict", arguments: OpenAPISchemaSuite.failing
    )
    func strictRefusesEveryFailingDocument(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: OpenAPISchemaSuite.root.appendingPathComponent(path)))
        let run = runCLI(["validate", "--strict", path], files: [path: bytes])
        #expect(run.exitCode == 1)
        #expect(run.errorLines.contains { $0.hasPrefix(path + ":") && $0.contains(": error: ") })
        #expect(!run.errorLines.contains { $0.contains(": warning: ") })
    }

    @Test("without --strict, a document with warnings only is valid")
    func warningsAloneAreValid() throws {
        let name = "29-unknown-top-level-field"
        let bytes = [UInt8](try BrokenOpenAPICorpus.read(name, ".yaml"))
        let lenient = runCLI(["validate", name + ".yaml"], files: [name + ".yaml": bytes])
        #expect(lenient.exitCode == 0)
        #expect(
            lenient.errorLines == [
                name
                    + ".yaml:5:1: warning: unknown field 'overlays' in an OpenAPI object; extensions start with 'x-' [structure]"
            ])
        let strict = runCLI(["validate", "--strict", name + ".yaml"], files: [name + ".yaml": bytes])
        #expect(strict.exitCode == 1)
        #expect(
            strict.errorLines == [
                name
                    + ".yaml:5:1: error: unknown field 'overlays' in an OpenAPI object; extensions start with 'x-' [structure]"
            ])
    }

    @Test(
        "every document of the passing schema suite passes validate --strict",
        arguments: OpenAPISchemaSuite.passing)
    func strictAcceptsPassingDocuments(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: OpenAPISchemaSuite.root.appendingPathComponent(path)))
        let run = runCLI(["validate", "--strict", path], files: [path: bytes])
        #expect(run.exitCode == 0, "\(run.errorLines)")
    }
}

extension ValidateStrictTests {
    @Test("validate --strict turns a default of another type into an error")
    func strictRefusesAMisfitDefault() throws {
        let name = "38-value-does-not-fit-its-type.yaml"
        let bytes = [UInt8](try BrokenOpenAPICorpus.read("38-value-does-not-fit-its-type", ".yaml"))
        let lenient = runCLI(["validate", name], files: [name: bytes])
        #expect(lenient.exitCode == 0)
        let strict = runCLI(["validate", "--strict", name], files: [name: bytes])
        #expect(strict.exitCode == 1)
        #expect(strict.errorLines.contains { $0.contains("error: the 'default' value 'ten' is not an integer") })
    }
}
