import SpecwrightYAML

/// The runtime policies a generation config sets on top of the document: the service's
/// `defaults` and `envelope`, and `policies`, rules that give operations — selected like the
/// `filter` selects them, by operation, tag or path, optionally narrowed to some methods — the
/// settings of the spec format (``OperationSettings``):
///
/// ```yaml
/// defaults: { cache: http, timeout: 20 }
/// envelope: { code: code, message: message, data: data, success: [0] }
/// policies:
///   - tags: [pets]
///     methods: [get]
///     cache: { policy: staleWhileRevalidate, ttl: 60 }
///   - operations: [createPets]
///     idempotent: true
///     invalidates: [listPets, showPetById]
/// ```
///
/// Applied by the policy pass (`PolicyOverlay+Pass.swift`) to whichever front end made the IR;
/// later rules win over earlier ones and over the document's own settings (an OpenAPI
/// operation's `x-specwright`).
public struct PolicyOverlay: Hashable, Sendable {
    /// One rule: which operations, and what they get.
    public struct Rule: Hashable, Sendable {
        /// Operation names as the document writes them (OpenAPI `operationId`; spec `list` or `books.list`).
        public var operations: [OperationFilter.Entry] = []
        /// OpenAPI tags or spec groups.
        public var tags: [OperationFilter.Entry] = []
        /// Path templates as written.
        public var paths: [OperationFilter.Entry] = []
        /// HTTP methods (`get`, `post` …) the rule is narrowed to; empty: every method.
        public var methods: [OperationFilter.Entry] = []
        /// What the selected operations get.
        public var settings: OperationSettings

        /// A rule that selects nothing yet.
        public init(settings: OperationSettings) {
            self.settings = settings
        }

        /// Whether the rule applies to `endpoint`.
        func selects(_ endpoint: IR.Endpoint) -> Bool {
            let source = endpoint.source
            let named =
                operations.isEmpty && tags.isEmpty && paths.isEmpty
                || operations.contains { source.names.contains($0.value) }
                || tags.contains { source.tags.contains($0.value) }
                || paths.contains { $0.value == source.pathTemplate }
            return named && (methods.isEmpty || methods.contains { $0.value == endpoint.method.rawValue })
        }
    }

    /// The service's default timeout, when the config sets it.
    public var timeout: Double?
    /// The service's default retry policy, when set.
    public var retry: IR.Retry?
    /// The service's default cache policy, when set.
    public var cache: IR.Cache?
    /// The service's response envelope, when set.
    public var envelope: IR.Envelope?
    /// The rules, in the config's order.
    public var rules: [Rule] = []

    /// Nothing on top of the document.
    public static let none = PolicyOverlay()

    /// Whether the overlay changes nothing.
    public var isEmpty: Bool { self == .none }

    /// The keys of the config that belong to the overlay.
    static let configKeys = ["defaults", "envelope", "policies"]
    /// The keys that select operations in a rule.
    static let selectorKeys = ["operations", "tags", "paths", "methods"]

    /// Reads one of ``configKeys`` of a generation config into the overlay.
    mutating func read(_ key: String, _ entry: MappingEntry, file: String, diagnostics: inout [Diagnostic]) {
        var decoder = SpecDecoder(file: file)
        switch key {
        case "defaults":
            guard
                let reader = MappingReader(
                    entry.value, context: "'defaults'", allowed: ["timeout", "retry", "cache"],
                    diagnostics: &decoder.diagnostics)
            else { break }
            timeout = reader["timeout"].flatMap { decoder.positiveSeconds($0, "'timeout'") } ?? timeout
            retry = reader["retry"].flatMap { decoder.decodeRetry($0) }.map(SpecLowering.retry) ?? retry
            cache =
                reader.entry("cache").flatMap { decoder.decodeCache($0.value, owner: $0.key.location) }.map(
                    SpecLowering.cache) ?? cache
        case "envelope":
            envelope = decoder.decodeEnvelope(entry.value, owner: entry.key.location).map(SpecLowering.envelope)
        default:
            guard let items = entry.value.sequence else {
                decoder.diagnostics.error(
                    "'policies' must be a list of rules (each with operations, tags, paths or methods, and settings)",
                    at: entry.value.location)
                break
            }
            rules = items.compactMap { Self.rule($0, decoder: &decoder) }
        }
        diagnostics += decoder.diagnostics.diagnostics
    }

    private static func rule(_ node: Node, decoder: inout SpecDecoder) -> Rule? {
        let allowed = selectorKeys + OperationSettings.keys + ["auth"]
        guard let reader = MappingReader(node, context: "a policy", allowed: allowed, diagnostics: &decoder.diagnostics)
        else { return nil }
        if let entry = reader.entry("auth") {
            decoder.diagnostics.error(
                "'auth' cannot be set per operation here; set it in the document", at: entry.key.location)
        }
        var rule = Rule(settings: OperationSettings.read(reader, decoder: &decoder))
        rule.operations = names(reader, "operations", decoder: &decoder)
        rule.tags = names(reader, "tags", decoder: &decoder)
        rule.paths = names(reader, "paths", decoder: &decoder)
        rule.methods = names(reader, "methods", decoder: &decoder)
        for method in rule.methods where IR.HTTPMethod(rawValue: method.value) == nil {
            let hint = Suggestions.didYouMean(
                method.value.lowercased(), in: ["get", "post", "put", "patch", "delete", "head"])
            decoder.diagnostics.error(
                "unknown method '\(method.value)' in a policy (expected get, post, put, patch, delete or head)\(hint.text)",
                at: method.location, suggestion: hint.suggestion)
        }
        if rule.operations.isEmpty, rule.tags.isEmpty, rule.paths.isEmpty, rule.methods.isEmpty {
            decoder.diagnostics.error(
                "a policy needs operations, tags, paths or methods to select what it applies to (service-wide settings go under 'defaults')",
                at: node.location)
        }
        if rule.settings == OperationSettings(at: reader.location) {
            decoder.diagnostics.error(
                "a policy sets nothing: add one of \(OperationSettings.keys.joined(separator: ", "))", at: node.location
            )
        }
        return rule
    }

    private static func names(_ reader: MappingReader, _ key: String, decoder: inout SpecDecoder) -> [OperationFilter
        .Entry]
    {
        guard let node = reader[key] else { return [] }
        return (node.sequence ?? [node]).compactMap { item in
            guard let name = item.string, !name.isEmpty else {
                decoder.diagnostics.error("'\(key)' in a policy must list names", at: item.location)
                return nil
            }
            return OperationFilter.Entry(name, at: item.location)
        }
    }
}
