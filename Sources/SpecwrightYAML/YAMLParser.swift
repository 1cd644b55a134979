import CYaml

/// Limits that keep hostile input from hanging the parser or exhausting memory.
public struct YAMLLimits: Hashable, Sendable {
    /// Maximum nesting depth of collections.
    public var maxDepth: Int
    /// Maximum total number of nodes produced by alias expansion.
    public var maxAliasExpansion: Int
    /// Maximum input size in bytes.
    public var maxBytes: Int

    public init(maxDepth: Int = 512, maxAliasExpansion: Int = 100_000, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxBytes = maxBytes
    }

    public static let `default` = YAMLLimits()
}

/// Options for building the node tree.
public struct YAMLParseOptions: Hashable, Sendable {
    /// Apply `<<` merge keys (YAML 1.1 extension; the spec format uses it; the YAML test suite does not).
    public var applyMergeKeys: Bool
    /// Reject duplicate keys in a mapping.
    public var rejectDuplicateKeys: Bool
    public var limits: YAMLLimits

    public init(applyMergeKeys: Bool = true, rejectDuplicateKeys: Bool = true, limits: YAMLLimits = .default) {
        self.applyMergeKeys = applyMergeKeys
        self.rejectDuplicateKeys = rejectDuplicateKeys
        self.limits = limits
    }
}

/// Parses YAML bytes into node trees.
public enum YAMLParser {
    /// Parses exactly one document. An empty stream gives a null scalar at 1:1.
    /// Throws `YAMLError` (located) for syntax errors, invalid UTF-8, several documents, limits.
    public static func parseDocument(_ bytes: [UInt8], file: String, options: YAMLParseOptions = .init()) throws(YAMLError) -> Node {
        fatalError("implemented by the YAML work item")
    }

    /// Parses a stream of zero or more documents.
    public static func parseStream(_ bytes: [UInt8], file: String, options: YAMLParseOptions = .init()) throws(YAMLError) -> [Node] {
        fatalError("implemented by the YAML work item")
    }
}
