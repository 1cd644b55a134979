import Foundation
import Testing
@testable import SpecwrightCore

/// The invalid-document corpus of issue #12 point 6: `Fixtures/BrokenOpenAPI/NN-what.yaml` and,
/// next to it, `NN-what.expected` with every diagnostic the document must produce, exactly as
/// `specwright validate` prints them (file:line:col: severity: message), in order. A document
/// whose expected diagnostics hold an error is refused (no API); the others import with warnings.
enum BrokenOpenAPICorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/BrokenOpenAPI")

    /// The fixture base names (`01-servers-not-an-array`, …), sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func read(_ name: String, _ suffix: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + suffix))
    }
}

@Suite struct OpenAPIBrokenCorpusTests {
    @Test func theCorpusHoldsAtLeastTwentyFiveInvalidDocuments() {
        #expect(BrokenOpenAPICorpus.names.count >= 25)
    }

    @Test(arguments: BrokenOpenAPICorpus.names)
    func eachInvalidDocumentProducesExactlyItsExpectedDiagnostics(_ name: String) throws {
        let bytes = [UInt8](try BrokenOpenAPICorpus.read(name, ".yaml"))
        let expectedText = try #require(String(data: try BrokenOpenAPICorpus.read(name, ".expected"), encoding: .utf8))
        let expected = expectedText.split(separator: "\n").map(String.init)

        let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: name + ".yaml"), through: .frontEnd)
        #expect(result.isOpenAPI)

        #expect(result.diagnostics.filter { $0.severity != .note }.map(\.description) == expected)
        let refused = expected.contains { $0.contains(": error: ") }
        #expect((result.api == nil) == refused)
        #expect(!expected.isEmpty)
    }
}

/// The official schema test suite's documents (`../shared/data/openapi-edge/oas31-schema-*`, and
/// any other `*-fail` / `*-pass` folder there): every failing one gets a located diagnostic, every
/// passing one none from the structure check. The shared data may come as a subset: the tests
/// iterate whatever documents are present (YAML or JSON), and never count them.
@Suite struct OpenAPISchemaSuiteTests {
    static let root = OpenAPISupport.dataRoot.appendingPathComponent("openapi-edge")

    /// `folder/name` of every YAML or JSON document in the folders of `root` whose name ends in `suffix`.
    static func documents(inFoldersEndingWith suffix: String) -> [String] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            $0.hasSuffix(suffix)
        }
        return folders.flatMap { folder in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return files.filter { file in [".yaml", ".yml", ".json"].contains { file.hasSuffix($0) } }.map {
                folder + "/" + $0
            }
        }.sorted()
    }

    /// The documents the schema suites say are invalid.
    static let failing = documents(inFoldersEndingWith: "-fail")
    /// The documents the schema suites say are valid.
    static let passing = documents(inFoldersEndingWith: "-pass")

    static func importDocument(_ path: String) throws -> GenerationResult {
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
        let result = GenerationPipeline.run(GenerationInput(bytes: bytes, file: path), through: .frontEnd)
        #expect(result.isOpenAPI)
        return result
    }

    @Test("every document of the failing set gets a located error or structure warning", arguments: failing)
    func failingDocument(_ path: String) throws {
        let result = try Self.importDocument(path)
        let found = result.diagnostics.filter { $0.severity == .error || $0.message.hasSuffix("[structure]") }
        #expect(!found.isEmpty, "\(path) was accepted without a diagnostic")
        #expect(found.allSatisfy { $0.location.file == path && $0.location.line > 0 })
    }

    @Test("every document of the passing set validates without errors or structure warnings", arguments: passing)
    func passingDocument(_ path: String) throws {
        let result = try Self.importDocument(path)
        let found = result.diagnostics.filter { $0.severity == .error || $0.message.hasSuffix("[structure]") }
        #expect(found.isEmpty, "\(found.map(\.description))")
        #expect(result.api != nil)
    }
}

/// `validate --strict` turns every rule violation (`[structure]` warning) into an error, as teams
/// want in CI; what the generator skips (callbacks, webhooks …) stays a warning.
@Suite struct OpenAPIStrictValidationTests {
    @Test(
        "every document of the failing schema suite fails validate --strict", arguments: OpenAPISchemaSuiteTests.failing
    )
    func strictRefusesEveryFailingDocument(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: OpenAPISchemaSuiteTests.root.appendingPathComponent(path)))
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
        arguments: OpenAPISchemaSuiteTests.passing)
    func strictAcceptsPassingDocuments(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: OpenAPISchemaSuiteTests.root.appendingPathComponent(path)))
        let run = runCLI(["validate", "--strict", path], files: [path: bytes])
        #expect(run.exitCode == 0, "\(run.errorLines)")
    }
}
