import Foundation

/// How both SpecwrightPlugin and GenerateClientPlugin name things: which files are specs, which
/// config file belongs to a spec, the file-name prefix that keeps several specs of one target
/// apart, and the files `specwright generate` writes (their number depends on the shard count,
/// which a build-tool plugin must know before the tool runs: it comes from the config's
/// `shards:` line or the spec's size, by the rules of `ShardLayout` in SpecwrightCore, which
/// `PluginTests` checks this file against).
///
/// Plugins cannot import a library target, so this one file is shared: it lives in
/// `Plugins/Shared/` and each plugin's folder holds a symbolic link to it.
enum SpecFileNaming {
    /// The suffix that marks a file as a Specwright spec.
    static let specSuffix = ".specwright.yaml"
    /// The suffix of the optional per-spec settings file.
    static let configSuffix = ".specwright-config.yaml"
    /// The files `specwright generate` writes with one shard, before the prefix.
    static let generatedFiles = ["Types.swift", "Endpoints.swift", "Client.swift"]
    /// `ShardLayout.maxCount`.
    static let maxShards = 64
    /// `ShardLayout.automaticThreshold`, `automaticBytesPerShard` and `automaticMaxCount`.
    static let automaticShards = (threshold: 256 * 1024, bytesPerShard: 128 * 1024, maxCount: 16)

    /// Whether `file` is a spec.
    static func isSpec(_ file: URL) -> Bool {
        file.lastPathComponent.hasSuffix(specSuffix)
    }

    /// The spec's base name (`bookstore` for `bookstore.specwright.yaml`).
    static func baseName(of spec: URL) -> String {
        String(spec.lastPathComponent.dropLast(specSuffix.count))
    }

    /// The config file that belongs to `spec` (it may not exist).
    static func configFile(of spec: URL) -> URL {
        spec.deletingLastPathComponent().appendingPathComponent(baseName(of: spec) + configSuffix)
    }

    /// A file-name prefix that keeps outputs of several specs in one target apart
    /// (SwiftPM rejects two sources with the same file name in one target): `my-shop` → `MyShop`.
    static func filePrefix(for baseName: String) -> String {
        let words = baseName.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The names of the files generated for the spec with this base name, split into `shards`
    /// (`ShardLayout.fileNames`).
    static func outputFiles(for baseName: String, shards: Int) -> [String] {
        let prefix = filePrefix(for: baseName)
        guard shards > 1 else { return generatedFiles.map { prefix + $0 } }
        var names = [prefix + "Client.swift"]
        for shard in 1...shards {
            let shardPrefix: String = prefix + "Shard" + (shard < 10 ? "0" : "") + String(shard)
            for stem in ["Client", "Endpoints", "Types"] {
                names.append(shardPrefix + stem + ".swift")
            }
        }
        return names
    }

    /// The shard count `specwright generate` is given for `spec`: the config's `shards: N` line
    /// when the config has one, else the count for the spec's size.
    static func shardCount(spec: URL, config: URL?) -> Int {
        if let config, let text = try? String(contentsOf: config, encoding: .utf8),
            let count = configuredShards(in: text)
        {
            return count
        }
        let size = (try? spec.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0
        return automaticShardCount(inputBytes: size)
    }

    /// `N` of a `shards: N` line at the start of a line of a config file (a trailing comment
    /// allowed), the only form the tool accepts; nil without one or when N is out of range.
    static func configuredShards(in config: String) -> Int? {
        for line in config.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        where line.hasPrefix("shards:") {
            var value = line.dropFirst("shards:".count)
            if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
            guard let count = Int(value.trimmingCharacters(in: .whitespaces)), (1...maxShards).contains(count) else {
                return nil
            }
            return count
        }
        return nil
    }

    /// `ShardLayout.automatic(inputBytes:)`: one shard up to the threshold, then one per
    /// `bytesPerShard`, at most `maxCount`.
    static func automaticShardCount(inputBytes: Int) -> Int {
        let rule = automaticShards
        guard inputBytes > rule.threshold else { return 1 }
        return min((inputBytes + rule.bytesPerShard - 1) / rule.bytesPerShard, rule.maxCount)
    }
}
