import SpecwrightYAML

/// Reads one YAML mapping of the spec: reports keys it does not know (with "did you mean"),
/// finds the keys it knows and reports missing required ones.
struct MappingReader {
    /// Where the mapping starts.
    let location: SourceLocation
    /// What the mapping is, for messages: `the spec`, `type`, `property`, `'batch'`.
    private let contextKind: String
    /// The name of the thing the mapping describes (`Book` in `type 'Book'`), if any. Kept apart
    /// so that the message text is only built when a message is reported.
    private let contextName: String?
    /// A qualifier written before the name with a dot (the group of `endpoint 'books.list'`).
    private let contextQualifier: String?
    /// The mapping's entries, all of them, in source order.
    private let mapping: [MappingEntry]
    /// Bit `i` is set when entry `i` (of the first 64) has an allowed scalar key. Lookups scan
    /// the entries for a key and accept only these, so a reader of a usual mapping allocates
    /// nothing.
    private let acceptedPositions: UInt64
    /// Positions from 64 on whose key is allowed (empty for all but unusually large mappings).
    private let acceptedOverflow: [Int]
    /// Where missing keys are reported: the key that owns this mapping (or the mapping itself).
    let owner: SourceLocation

    /// Opens `node` as a mapping allowing the keys in `allowed`. Reports a non-mapping node and
    /// every unknown key; returns nil (after reporting) when `node` is not a mapping.
    /// With `allowsExtensions`, keys starting with `x-` are accepted and ignored (they can hold
    /// YAML anchors for reuse).
    /// `owner` is the location of the key whose value this mapping is; missing keys are reported
    /// there (the mapping's own location when nil).
    init?(
        _ node: Node, context: String, allowed: [String], owner: SourceLocation? = nil, allowsExtensions: Bool = false,
        diagnostics: inout DiagnosticBag
    ) {
        self.init(
            node, contextKind: context, contextName: nil, allowed: allowed, owner: owner,
            allowsExtensions: allowsExtensions, diagnostics: &diagnostics)
    }

    /// Like ``init(_:context:allowed:owner:allowsExtensions:diagnostics:)`` for the context
    /// `kind 'name'` (`property 'title'`).
    init?(
        _ node: Node, kind contextKind: String, named contextName: String, allowed: [String],
        owner: SourceLocation? = nil, diagnostics: inout DiagnosticBag
    ) {
        self.init(
            node, contextKind: contextKind, contextName: contextName, allowed: allowed, owner: owner,
            allowsExtensions: false, diagnostics: &diagnostics)
    }

    /// Like ``init(_:kind:named:allowed:owner:diagnostics:)`` for the context
    /// `kind 'qualifier.name'` (`endpoint 'books.list'`).
    init?(
        _ node: Node, kind contextKind: String, named contextName: String, qualifiedBy qualifier: String,
        allowed: [String], owner: SourceLocation? = nil, diagnostics: inout DiagnosticBag
    ) {
        self.init(
            node, contextKind: contextKind, contextName: contextName, qualifier: qualifier, allowed: allowed,
            owner: owner, allowsExtensions: false, diagnostics: &diagnostics)
    }

    private init?(
        _ node: Node, contextKind: String, contextName: String?, qualifier: String? = nil, allowed: [String],
        owner: SourceLocation?, allowsExtensions: Bool, diagnostics: inout DiagnosticBag
    ) {
        let context = { Self.describe(contextKind, contextName, qualifier) }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping for \(context()), found \(NodeDescription.describe(node))", at: node.location)
            return nil
        }
        self.location = node.location
        self.contextKind = contextKind
        self.contextName = contextName
        contextQualifier = qualifier
        self.owner = owner ?? node.location
        self.mapping = mapping
        var accepted: UInt64 = 0
        var overflow: [Int] = []
        mapping.withUnsafeBufferPointer { entries in
            for position in entries.indices {
                guard case .scalar(let scalar) = entries[position].key.kind else {
                    let key = entries[position].key
                    diagnostics.error(
                        "keys in \(context()) must be plain text, found \(NodeDescription.describe(key))",
                        at: key.location)
                    continue
                }
                let key = scalar.text
                if allowsExtensions, key.hasPrefix("x-") { continue }
                guard allowed.contains(key) else {
                    let hint = Suggestions.didYouMean(key, in: allowed)
                    diagnostics.error(
                        "unknown key '\(key)' in \(context())\(hint.text)", at: entries[position].key.location,
                        suggestion: hint.suggestion)
                    continue
                }
                if position < 64 {
                    accepted |= 1 << UInt64(position)
                } else {
                    overflow.append(position)
                }
            }
        }
        acceptedPositions = accepted
        acceptedOverflow = overflow
    }

    /// What the mapping is, for messages: `the spec`, `type 'Book'`, `endpoint 'books.list'`.
    var context: String {
        Self.describe(contextKind, contextName, contextQualifier)
    }

    private static func describe(_ kind: String, _ name: String?, _ qualifier: String?) -> String {
        guard let name else { return kind }
        guard let qualifier else { return "\(kind) '\(name)'" }
        return "\(kind) '\(qualifier).\(name)'"
    }

    /// The position of the entry whose key is `key` and was accepted, if present.
    private func position(of key: String) -> Int? {
        mapping.withUnsafeBufferPointer { entries -> Int? in
            for position in entries.indices {
                guard case .scalar(let scalar) = entries[position].key.kind, scalar.text == key else { continue }
                if isAccepted(position) { return position }
            }
            return nil
        }
    }

    private func isAccepted(_ position: Int) -> Bool {
        position < 64 ? acceptedPositions & (1 << UInt64(position)) != 0 : acceptedOverflow.contains(position)
    }

    /// How many allowed keys satisfy `isIncluded` (without collecting them).
    func count(where isIncluded: (String) -> Bool) -> Int {
        var count = 0
        for position in mapping.indices where isAccepted(position) {
            if case .scalar(let scalar) = mapping[position].key.kind, isIncluded(scalar.text) { count += 1 }
        }
        return count
    }

    /// The first entry whose key is allowed and satisfies `isIncluded`, with its key.
    func firstEntry(where isIncluded: (String) -> Bool) -> (key: String, entry: MappingEntry)? {
        for position in mapping.indices where isAccepted(position) {
            if case .scalar(let scalar) = mapping[position].key.kind, isIncluded(scalar.text) {
                return (scalar.text, mapping[position])
            }
        }
        return nil
    }

    /// Entries whose key is allowed and satisfies `isIncluded`, in source order.
    func entries(where isIncluded: (String) -> Bool) -> [(key: String, entry: MappingEntry)] {
        var result: [(key: String, entry: MappingEntry)] = []
        for position in mapping.indices where isAccepted(position) {
            let entry = mapping[position]
            guard case .scalar(let scalar) = entry.key.kind, isIncluded(scalar.text) else { continue }
            result.append((scalar.text, entry))
        }
        return result
    }

    /// The entry for `key`, if present.
    func entry(_ key: String) -> MappingEntry? {
        position(of: key).map { mapping[$0] }
    }

    /// The value for `key`, if present.
    subscript(_ key: String) -> Node? {
        guard let position = position(of: key) else { return nil }
        return mapping.withUnsafeBufferPointer { $0[position].value }
    }

    /// The value for `key`; reports `missing required key` at ``owner`` when absent.
    func required(_ key: String, diagnostics: inout DiagnosticBag) -> Node? {
        if let value = self[key] { return value }
        diagnostics.error("missing required key '\(key)' in \(context)", at: owner)
        return nil
    }
}

/// Short descriptions of nodes for messages (`'abc'`, `a mapping`, `null`).
enum NodeDescription {
    /// Describes a node as it was found where something else was expected.
    static func describe(_ node: Node) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar(let scalar):
            if case .null = scalar.value, scalar.style == .plain { return "null" }
            return "'\(excerpt(scalar.text))'"
        }
    }

    /// At most 40 characters of `text`, newlines shown as `\n`.
    static func excerpt(_ text: String) -> String {
        let flat = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
        guard flat.count > 40 else { return flat }
        return String(flat.prefix(40)) + "…"
    }
}
