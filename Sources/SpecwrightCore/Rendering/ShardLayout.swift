/// How the generated client is split into files, so that the compiler can work on a large
/// client in parallel and an edit to one group recompiles only the files it changes.
///
/// With one shard (every small spec) the output is `Types.swift`, `Endpoints.swift` and
/// `Client.swift`. With `count` shards it is `Client.swift` (the root client, the shared
/// response-header types and the only header with the input hashes) and, per shard `k`,
/// `ShardkkClient.swift`, `ShardkkEndpoints.swift` and `ShardkkTypes.swift` (`kk` two digits).
/// Each type and each group goes into the shard its name hashes to (FNV-1a), so adding a type
/// or a group changes one shard only, and the file names depend on the count alone: the build
/// plugin declares them before anything is generated (`Plugins/Shared/SpecFileNaming.swift`
/// computes the same names).
///
/// Why shard-major names: in a debug build the Swift driver splits a module's files, in name
/// order, into one batch per core by count, and starts the second batch when the module's
/// emit-module job ends. Shard-major order gives each batch whole shards, so both carry a
/// similar mix of types, endpoints and clients (docs/performance-log.md, "Sharded output").
public struct ShardLayout: Hashable, Sendable {
    /// The number of shards (at least 1).
    public let count: Int

    /// The most shards an output is split into.
    public static let maxCount = 64
    /// Inputs up to this size are never split (every hand-written spec, the goldens).
    public static let automaticThreshold = 256 * 1024
    /// With the automatic count, one shard per this many bytes of input above the threshold.
    public static let automaticBytesPerShard = 128 * 1024
    /// The most shards the automatic count chooses.
    public static let automaticMaxCount = 16

    /// A layout of `count` shards (clamped to 1…``maxCount``).
    public init(count: Int) {
        self.count = min(max(count, 1), Self.maxCount)
    }

    /// The layout chosen for an input of `byteCount` bytes when neither the command line nor the
    /// config sets a count: one shard up to ``automaticThreshold``, then one per
    /// ``automaticBytesPerShard``, at most ``automaticMaxCount``. Only the size counts, so a build
    /// plugin, which cannot parse the document, computes the same.
    public static func automatic(inputBytes byteCount: Int) -> ShardLayout {
        guard byteCount > automaticThreshold else { return ShardLayout(count: 1) }
        let shards = (byteCount + automaticBytesPerShard - 1) / automaticBytesPerShard
        return ShardLayout(count: min(shards, automaticMaxCount))
    }

    /// Whether the output is split at all.
    public var isSharded: Bool { count > 1 }

    /// The names of the files this layout writes, in the order they are written.
    public var fileNames: [String] {
        guard isSharded else { return ["Types.swift", "Endpoints.swift", "Client.swift"] }
        return ["Client.swift"]
            + (1...count).flatMap { shard in
                Self.stems.map { Self.shardPrefix(shard) + $0 + ".swift" }
            }
    }

    /// Whether `name` (without a prefix) is a file some layout writes: what the writer may
    /// remove when a later layout no longer writes it.
    public static func isGeneratedFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".swift") else { return false }
        var stem = name.dropLast(".swift".count)
        if stem.hasPrefix("Shard") {
            let digits = stem.dropFirst("Shard".count).prefix(2)
            guard digits.count == 2, let shard = Int(digits), (1...maxCount).contains(shard) else { return false }
            stem = stem.dropFirst("Shard".count + 2)
        }
        return stems.contains(String(stem))
    }

    /// The kinds of file of a shard, in name order.
    static let stems = ["Client", "Endpoints", "Types"]

    /// `Shard03` for the third shard (1-based).
    static func shardPrefix(_ shard: Int) -> String {
        "Shard" + (shard < 10 ? "0" : "") + String(shard)
    }

    /// The shard (0-based) that a type or group named `name` belongs to.
    public func shard(of name: String) -> Int {
        guard isSharded else { return 0 }
        return Int(Self.fnv1a(name) % UInt64(count))
    }

    /// `elements` split by shard, each shard keeping their order.
    func split<Element>(_ elements: [Element], name: (Element) -> String) -> [[Element]] {
        var shards = Array(repeating: [Element](), count: count)
        for element in elements { shards[shard(of: name(element))].append(element) }
        return shards
    }

    /// The 64-bit FNV-1a hash of the UTF-8 bytes: stable across runs and platforms (unlike `Hasher`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
