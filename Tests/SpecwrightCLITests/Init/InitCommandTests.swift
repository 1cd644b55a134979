import Foundation
import SpecwrightCore
import Testing

@Suite struct InitCommandTests {
    private func temporaryPath(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-init-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }

    @Test func writesAStarterSpecThatValidatesAndGenerates() throws {
        let path = temporaryPath("shop.specwright.yaml")
        let run = runCLI(["init", path, "--name", "Shop"])
        #expect(run.exitCode == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let result = SpecLoader.load(bytes: bytes, file: path)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.document?.allEndpoints.count == 4)
        #expect(runCLI(["validate", path]).exitCode == 0)
    }

    @Test func neverOverwritesWithoutForce() throws {
        let path = temporaryPath("api.specwright.yaml")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let refused = runCLI(["init", path])
        #expect(refused.exitCode == 1)
        #expect(refused.standardError.contains("already exists; pass --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(runCLI(["init", path, "--force"]).exitCode == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# A Specwright spec"))
    }

    @Test(arguments: ["shop", "My Shop", "Ünï", "", "1Shop", "Shop\"; evil"])
    func rejectsNamesThatAreNotSwiftTypeNames(name: String) {
        let run = runCLI(["init", temporaryPath("x.yaml"), "--name", name])
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("--name must be a Swift type name"))
    }
}
