import Foundation
import Testing
@testable import SpecwrightCore

/// The broken-spec corpus: `Tests/SpecwrightCoreTests/Fixtures/BrokenSpecs/NN-what.yaml` and, next to it,
/// `NN-what.expected` with every diagnostic the spec must produce, exactly as
/// `specwright validate` prints them (file:line:col: severity: message), in order.
enum BrokenSpecCorpus {
    static let directory = repositoryRoot.appendingPathComponent("Tests/SpecwrightCoreTests/Fixtures/BrokenSpecs")

    /// The fixture base names (`01-empty-file`, …), sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func read(_ name: String, _ suffix: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + suffix))
    }
}

@Suite struct SpecBrokenCorpusTests {
    @Test func theCorpusHoldsAtLeastThirtyBrokenSpecs() {
        #expect(BrokenSpecCorpus.names.count >= 30)
    }

    @Test(arguments: BrokenSpecCorpus.names)
    func eachBrokenSpecProducesExactlyItsExpectedDiagnostics(_ name: String) throws {
        let bytes = [UInt8](try BrokenSpecCorpus.read(name, ".yaml"))
        let expectedText = try #require(String(data: try BrokenSpecCorpus.read(name, ".expected"), encoding: .utf8))
        let expected = expectedText.split(separator: "\n").map(String.init)

        let result = SpecLoader.load(bytes: bytes, file: name + ".yaml")

        #expect(result.diagnostics.map(\.description) == expected)
        #expect(result.document == nil)
        #expect(result.hasErrors)
    }
}
