import Foundation
import SpecwrightCLI
import SpecwrightCore
import Testing

/// `generate --shards` and the config's `shards`: the command reports every file of the layout,
/// `--shards` overrides the config with a warning, and a bad count is a usage error.
extension GenerateCommandTests {
    static let social = repositoryRoot.appendingPathComponent("specs/social.yaml").path

    @Test func generateReportsEveryFileOfTheLayoutAndRejectsABadCount() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let config = output.appendingPathComponent("social.specwright-config.yaml")
        try Data("shards: 3\n".utf8).write(to: config)
        let sources = output.appendingPathComponent("Sources")
        let configured = Self.run([
            "generate", Self.social, "--output", sources.path, "--config", config.path
        ])
        #expect(configured.code == 0)
        #expect(
            configured.out.filter { $0.hasPrefix("created: ") }.map { ($0 as NSString).lastPathComponent }
                == ShardLayout(count: 3).fileNames)
        let overridden = Self.run([
            "generate", Self.social, "--output", sources.path, "--config", config.path, "--shards", "1"
        ])
        #expect(overridden.code == 0)
        #expect(overridden.err.contains("warning: --shards 1 overrides the config's 'shards: 3'"))
        #expect(overridden.out.filter { $0.hasPrefix("removed: ") }.count == 9)
        for bad in ["0", "65", "two"] {
            #expect(
                Self.run(["generate", Self.social, "--output", sources.path, "--shards", bad]).code
                    == ExitCode.usage)
        }
    }
}
