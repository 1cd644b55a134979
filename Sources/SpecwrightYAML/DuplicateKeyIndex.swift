/// Finds a mapping key that was already used, comparing resolved scalar values (so `"a"` and
/// `a` clash, `1` and `"1"` do not). Small mappings are scanned; larger ones get a hash table.
struct DuplicateKeyIndex {
    /// Mappings up to this many entries are checked by a linear scan without allocating.
    private static let scanLimit = 12
    private var table: [ScalarValue: SourceLocation]?

    /// Returns where `key` first occurred among `entries` (and remembers `key` otherwise).
    mutating func firstOccurrence(of key: Node, in entries: [MappingEntry]) -> SourceLocation? {
        guard case .scalar(let scalar) = key.kind else {
            for entry in entries where entry.key.scalar == nil && StructuralEquality.equal(entry.key, key) {
                return entry.key.location
            }
            return nil
        }
        if table == nil {
            if entries.count < Self.scanLimit {
                for entry in entries {
                    if case .scalar(let other) = entry.key.kind, other.value == scalar.value {
                        return entry.key.location
                    }
                }
                return nil
            }
            var built: [ScalarValue: SourceLocation] = [:]
            built.reserveCapacity(entries.count * 2)
            for entry in entries {
                if case .scalar(let other) = entry.key.kind, built[other.value] == nil {
                    built[other.value] = entry.key.location
                }
            }
            table = built
        }
        if let first = table?[scalar.value] { return first }
        table?[scalar.value] = key.location
        return nil
    }

    /// A short rendering of a key for messages.
    static func describe(_ key: Node) -> String {
        switch key.kind {
        case .scalar(let scalar): return scalar.text.count > 60 ? String(scalar.text.prefix(60)) + "…" : scalar.text
        case .sequence: return "[…]"
        case .mapping: return "{…}"
        }
    }
}

/// Equality of node trees by content, ignoring locations and styles. Recursion depth is
/// bounded by the tree height, which the parser caps at `YAMLLimits.maxDepth`.
enum StructuralEquality {
    static func equal(_ lhs: Node, _ rhs: Node) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.scalar(let a), .scalar(let b)):
            return a.value == b.value
        case (.sequence(let a), .sequence(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices where !equal(a[index], b[index]) { return false }
            return true
        case (.mapping(let a), .mapping(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices {
                if !equal(a[index].key, b[index].key) || !equal(a[index].value, b[index].value) { return false }
            }
            return true
        default:
            return false
        }
    }
}
