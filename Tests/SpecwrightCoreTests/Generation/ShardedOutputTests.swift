import Foundation
import SpecwrightCore
import Testing

/// Sharded output (the config's `shards`, ``ShardLayout``): which files, what is in them, that they
/// are deterministic, and that the writer removes the files of an earlier layout. (`generate
/// --shards` is tested with the command, in SpecwrightCLITests.)
@Suite struct ShardedOutputTests {
    static let social = repositoryRoot.appendingPathComponent("specs/social.yaml").path

    static func files(shards: Int?, prefix: String = "") throws -> [GeneratedFile] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: social)))
        var input = GenerationInput(bytes: bytes, file: "social.yaml", filePrefix: prefix)
        input.shards = shards.map(ShardLayout.init(count:))
        let result = GenerationPipeline.run(input)
        #expect(result.succeeded)
        return result.files
    }

    @Test func aShardedOutputHasTheLayoutsFilesAndEveryDeclarationOnce() throws {
        let files = try Self.files(shards: 3, prefix: "Social")
        #expect(files.map(\.name) == ShardLayout(count: 3).fileNames.map { "Social" + $0 })
        #expect(
            files.map(\.name) == [
                "SocialClient.swift", "SocialShard01Client.swift", "SocialShard01Endpoints.swift",
                "SocialShard01Types.swift",
                "SocialShard02Client.swift", "SocialShard02Endpoints.swift", "SocialShard02Types.swift",
                "SocialShard03Client.swift", "SocialShard03Endpoints.swift", "SocialShard03Types.swift"
            ])
        let whole = try Self.files(shards: 1)
        #expect(whole.map(\.name) == ["Types.swift", "Endpoints.swift", "Client.swift"])
        // Every top-level declaration of the unsplit output is in exactly one shard file.
        let declarations = whole.flatMap { Self.topLevelDeclarations($0.contents) }
        let sharded = files.flatMap { Self.topLevelDeclarations($0.contents) }
        #expect(!declarations.isEmpty)
        #expect(sharded.sorted() == declarations.sorted())
        // Only the root file names the input's hashes: an edit elsewhere leaves a shard's bytes alone.
        #expect(files[0].contents.contains("(sha256 "))
        #expect(files.dropFirst().allSatisfy { !$0.contents.contains("(sha256 ") })
        #expect(files[0].contents.contains("public struct SocialClient: Sendable"))
    }

    @Test func shardedOutputIsDeterministicAndAssignsByName() throws {
        #expect(try Self.files(shards: 4) == Self.files(shards: 4))
        let layout = ShardLayout(count: 4)
        #expect(layout.shard(of: "Post") == ShardLayout(count: 4).shard(of: "Post"))
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c (the published test vector): the same shard on every platform and run.
        #expect(ShardLayout(count: 64).shard(of: "a") == Int(0xaf63_dc4c_8601_ec8c as UInt64 % 64))
        #expect(ShardLayout(count: 0).count == 1 && ShardLayout(count: 1000).count == ShardLayout.maxCount)
    }

    @Test func smallInputsAreNotSplitAndLargeOnesAreByTheirSize() {
        #expect(ShardLayout.automatic(inputBytes: 0).count == 1)
        #expect(ShardLayout.automatic(inputBytes: ShardLayout.automaticThreshold).count == 1)
        #expect(ShardLayout.automatic(inputBytes: ShardLayout.automaticThreshold + 1).count > 1)
        #expect(ShardLayout.automatic(inputBytes: 1 << 30).count == ShardLayout.automaticMaxCount)
    }

    @Test func thePluginsDeclareTheFilesTheToolWrites() {
        for count in [1, 2, 9, 10, ShardLayout.maxCount] {
            #expect(
                SpecFileNaming.outputFiles(for: "my-shop", shards: count)
                    == ShardLayout(count: count).fileNames.map { "MyShop" + $0 })
        }
        #expect(SpecFileNaming.maxShards == ShardLayout.maxCount)
        let sizes = [
            0, 1, ShardLayout.automaticThreshold, ShardLayout.automaticThreshold + 1, 400_000, 1_495_785, 1_869_177,
            1 << 30
        ]
        for size in sizes {
            #expect(
                SpecFileNaming.automaticShardCount(inputBytes: size) == ShardLayout.automatic(inputBytes: size).count)
        }
    }

    @Test func thePluginReadsAConfigsShardsAsTheToolDoes() {
        let configs = [
            "shards: 4\n", "access: internal\nshards: 12 # big spec\n", "shards:   7", "shards: 0\n", "shards: 65\n",
            "shards: \"4\"\n", "shards: 0x4\n", "{shards: 4}\n", "filter:\n  shards: 3\n", "access: public\n"
        ]
        for text in configs {
            let (config, diagnostics) = GenerationConfig.parse(Array(text.utf8), file: "x.specwright-config.yaml")
            let tool = diagnostics.contains(where: \.isError) ? nil : config?.shards
            let plugin = SpecFileNaming.configuredShards(in: text)
            // Whatever the tool accepts, the plugin reads the same; what it rejects fails the build anyway.
            if let tool { #expect(plugin == tool, "\(text)") }
            if tool == nil, config?.shards == nil, !diagnostics.contains(where: \.isError) {
                #expect(plugin == nil, "\(text)")
            }
        }
        #expect(SpecFileNaming.configuredShards(in: "shards: 4\n") == 4)
        let flow = GenerationConfig.parse(Array("{shards: 4}\n".utf8), file: "c.yaml").diagnostics
        #expect(flow.contains { $0.isError })
    }

    @Test func theWriterRemovesTheFilesOfAnEarlierLayoutOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = OutputWriter(directory: directory)
        _ = try writer.write(Self.files(shards: 3, prefix: "Social"), prefix: "Social")
        // Not ours: no generated header, another prefix's file, a file of another name.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in [
            ("Shard09Types.swift", "// mine\n"), ("OtherShard03Types.swift", "// Generated by specwright\n"),
            ("SocialNotes.swift", "// Generated by specwright\n")
        ] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let two = try writer.write(Self.files(shards: 2, prefix: "Social"), prefix: "Social")
        #expect(
            two.filter { $0.outcome == .removed }.map(\.name)
                == ["SocialShard03Client.swift", "SocialShard03Endpoints.swift", "SocialShard03Types.swift"])
        let one = try writer.write(Self.files(shards: 1, prefix: "Social"), prefix: "Social")
        #expect(
            Set(one.filter { $0.outcome == .removed }.map(\.name))
                == Set(ShardLayout(count: 2).fileNames.dropFirst().map { "Social" + $0 }))
        #expect(one.filter { $0.outcome == .created }.map(\.name) == ["SocialTypes.swift", "SocialEndpoints.swift"])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(
            left == [
                "OtherShard03Types.swift", "Shard09Types.swift", "SocialClient.swift", "SocialEndpoints.swift",
                "SocialNotes.swift",
                "SocialTypes.swift"
            ])
        // --check reports a file it would remove.
        _ = try writer.write(Self.files(shards: 2, prefix: "Social"), prefix: "Social")
        let reports = OutputCheck(directory: directory.path).compare(
            try Self.files(shards: 1, prefix: "Social"), prefix: "Social")
        #expect(reports.filter { $0.status == .obsolete }.count == 6)
        #expect(reports.first { $0.status == .obsolete }?.unifiedDiff.contains("+++ /dev/null") == true)
    }

    /// The first line of each top-level declaration (`public struct Post: …`), doc comments skipped.
    static func topLevelDeclarations(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            ["public struct ", "public enum ", "public protocol ", "extension ", "public typealias "].contains {
                line.hasPrefix($0)
            }
        }
    }
}
