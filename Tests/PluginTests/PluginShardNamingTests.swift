import Foundation
import SpecwrightCore
import Testing

/// A build-tool plugin must name the files `specwright generate` writes before the tool runs: the
/// plugins' shared naming rules (`Plugins/Shared/SpecFileNaming.swift`, compiled into this target
/// through a link) agree with the generator's ``ShardLayout`` and read a config's `shards` as the
/// tool does.
@Suite struct PluginShardNamingTests {
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
}
