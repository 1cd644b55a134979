import Foundation
import Testing
@testable import SpecwrightCore

/// The invalid-document corpus (`BrokenOpenAPICorpus`, in SpecwrightTestSupport): each document
/// produces exactly the diagnostics of its `.expected` file.
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
    static let root = OpenAPISchemaSuite.root
    static let failing = OpenAPISchemaSuite.failing
    static let passing = OpenAPISchemaSuite.passing

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
