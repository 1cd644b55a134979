import CYaml

/// Limits that keep hostile input from hanging the parser or exhausting memory.
public struct YAMLLimits: Hashable, Sendable {
    /// Maximum nesting depth of collections.
    public var maxDepth: Int
    /// Maximum total number of nodes produced by alias expansion.
    public var maxAliasExpansion: Int
    /// Maximum input size in bytes.
    public var maxBytes: Int

    /// Limits with the given values; the defaults suit any real spec.
    public init(maxDepth: Int = 512, maxAliasExpansion: Int = 100_000, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxBytes = maxBytes
    }

    /// Depth 512, 100,000 alias-expanded nodes, 64 MiB.
    public static let `default` = YAMLLimits()
}

/// Options for building the node tree.
public struct YAMLParseOptions: Hashable, Sendable {
    /// Apply `<<` merge keys (YAML 1.1 extension; the spec format uses it; the YAML test suite does not).
    public var applyMergeKeys: Bool
    /// Reject duplicate keys in a mapping.
    public var rejectDuplicateKeys: Bool
    /// Limits against hostile input.
    public var limits: YAMLLimits

    /// Options; the defaults are what the spec format needs.
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
    public static func parseDocument(_ bytes: [UInt8], file: String, options: YAMLParseOptions = .init())
        throws(YAMLError) -> Node
    {
        let documents = try parse(bytes, file: file, options: options, singleDocument: true)
        return documents.first ?? emptyDocument(file: file)
    }

    /// Parses a stream of zero or more documents.
    public static func parseStream(_ bytes: [UInt8], file: String, options: YAMLParseOptions = .init())
        throws(YAMLError) -> [Node]
    {
        try parse(bytes, file: file, options: options, singleDocument: false)
    }

    /// Runs libyaml over the bytes without building nodes and returns the number of events.
    /// Checks UTF-8 and the size limit like the parse functions do. Meant for benchmarks: it
    /// is the floor any tree-building parse is measured against.
    public static func scanEvents(_ bytes: [UInt8], file: String = "<input>", limits: YAMLLimits = .default)
        throws(YAMLError) -> Int
    {
        let result: Result<Int, YAMLError> = withValidatedInput(bytes, file: file, limits: limits) {
            (reader: LibYAMLEventReader) throws(YAMLError) -> Int in
            var count = 0
            while true {
                let event = try reader.next()
                count += 1
                if event.type == YAML_STREAM_END_EVENT { return count }
            }
        }
        return try result.get()
    }

    /// The version of the libyaml library in use, e.g. `0.2.5`.
    public static var libyamlVersion: String {
        guard let version = yaml_get_version_string() else { return "unknown" }
        return String(cString: version)
    }

    /// The document an empty stream stands for: a null scalar at 1:1.
    static func emptyDocument(file: String) -> Node {
        Node(
            kind: .scalar(Scalar(text: "", style: .plain, value: .null)),
            location: SourceLocation(file: file, line: 1, column: 1))
    }

    private static func parse(_ bytes: [UInt8], file: String, options: YAMLParseOptions, singleDocument: Bool)
        throws(YAMLError) -> [Node]
    {
        let result: Result<[Node], YAMLError> = withValidatedInput(bytes, file: file, limits: options.limits) {
            (reader: LibYAMLEventReader) throws(YAMLError) -> [Node] in
            var builder = NodeTreeBuilder(options: options)
            var documents: [Node] = []
            while true {
                let event = try reader.next()
                switch event.type {
                case YAML_DOCUMENT_START_EVENT:
                    if singleDocument && !documents.isEmpty {
                        throw YAMLError(
                            .multipleDocuments, "expected a single YAML document, found another one here",
                            at: reader.location(event.start_mark))
                    }
                    builder.reset()
                case YAML_DOCUMENT_END_EVENT:
                    documents.append(builder.root ?? emptyDocument(file: file))
                case YAML_STREAM_END_EVENT:
                    return documents
                default:
                    try builder.handle(event, reader: reader)
                }
            }
        }
        return try result.get()
    }

    /// Checks the size limit and UTF-8, pins the bytes and hands a libyaml reader to `body`.
    private static func withValidatedInput<T>(
        _ bytes: [UInt8], file: String, limits: YAMLLimits,
        _ body: (LibYAMLEventReader) throws(YAMLError) -> T
    ) -> Result<T, YAMLError> {
        if bytes.count > limits.maxBytes {
            return .failure(
                YAMLError(
                    .inputTooLarge,
                    "the input is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)",
                    at: SourceLocation(file: file, line: 1, column: 1)))
        }
        // libyaml needs a non-null pointer even for empty input.
        let storage = bytes.isEmpty ? [0] : bytes
        return storage.withUnsafeBufferPointer { whole -> Result<T, YAMLError> in
            let input = UnsafeBufferPointer(start: whole.baseAddress, count: bytes.count)
            if let bad = UTF8Validator.firstInvalidOffset(in: input) {
                let (line, column) = UTF8Validator.lineAndColumn(of: bad, in: input)
                return .failure(
                    YAMLError(
                        .invalidUTF8, "invalid UTF-8 byte 0x\(String(input[bad], radix: 16, uppercase: true))",
                        at: SourceLocation(file: file, line: line, column: column)))
            }
            do throws(YAMLError) {
                let reader = try LibYAMLEventReader(bytes: input, file: file)
                return .success(try body(reader))
            } catch {
                return .failure(error)
            }
        }
    }
}
