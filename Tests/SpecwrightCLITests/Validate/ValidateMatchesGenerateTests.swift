import Foundation
import Testing

/// `validate` is the generation pipeline stopped before rendering: it reports what lowering finds
/// exactly as `generate` does.
extension ValidateCommandTests {
    /// A spec the decoder and validator accept and lowering warns about (a type that would shadow
    /// a runtime type is renamed).
    static let loweringWarning = GenerationSupport.spec(types: "  Result:\n    properties: { title: String }\n")

    @Test func validateReportsWhatLoweringFindsLikeGenerate() throws {
        let files = ["s.yaml": Array(Self.loweringWarning.utf8)]
        let validate = runCLI(["validate", "s.yaml"], files: files)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let generate = runCLI(["generate", "s.yaml", "--output", output.path, "--quiet"], files: files)
        #expect(validate.exitCode == 0 && generate.exitCode == 0)
        #expect(validate.standardError.contains("warning: type 'Result' is generated as 'ResultModel'"))
        #expect(validate.standardError == generate.standardError)
    }
}
