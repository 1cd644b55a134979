/// Finds a mapping key that was already used, comparing resolved scalar values (so `"a"` and
/// `a` clash, `1` and `"1"` do not). Only scalar keys take part. Small mappings are scanned; larger ones get a hash table.
struct DuplicateKeyIndex {
    /// Mappings up to this many entries are checked by a linear scan without allocating.
    private static let scanLimit = 12
    private var table: [ScalarValue: SourceLocation]?

    /// Returns where `key` first occurred among the keys of `children` (alternating key, value),
    /// and remembers `key` otherwise.
    mutating func firstOccurrence(of key: Node, amongKeysOf children: UnsafeBufferPointer<Node>) -> SourceLocation? {
        // Collection keys are not compared: the YAML test suite treats `{ &a [x]: 1, *a : 2 }`
        // as valid, and the spec format only uses scalar keys.
        guard case .scalar(let scalar) = key.kind else { return nil }
        if table == nil {
            let keyCount = children.count / 2
            if keyCount < Self.scanLimit {
                for index in 0..<keyCount where children[2 * index].hasScalarValue(scalar.value) {
                    return children[2 * index].location
                }
                return nil
            }
            var built: [ScalarValue: SourceLocation] = [:]
            built.reserveCapacity(keyCount * 2)
            for index in 0..<keyCount {
                if case .scalar(let other) = children[2 * index].kind, built[other.value] == nil {
                    built[other.value] = children[2 * index].location
                }
            }
            table = built
        }
        if let first = table?[scalar.value] { return first }
        table?[scalar.value] = key.location
        return nil
    }

    /// Returns where `key` first occurred among the keys of `entries`, and remembers `key` otherwise.
    mutating func firstOccurrence(of key: Node, in entries: [MappingEntry]) -> SourceLocation? {
        guard case .scalar(let scalar) = key.kind else { return nil }
        if table == nil {
            if entries.count < Self.scanLimit {
                for index in entries.indices where entries[index].key.hasScalarValue(scalar.value) {
                    return entries[index].key.location
                }
                return nil
            }
            var built: [ScalarValue: SourceLocation] = [:]
            built.reserveCapacity(entries.count * 2)
            for index in entries.indices {
                if case .scalar(let other) = entries[index].key.kind, built[other.value] == nil {
                    built[other.value] = entries[index].key.location
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

extension Node {
    /// Whether this is a scalar whose resolved value equals `value` (without copying the node).
    @inline(__always)
    func hasScalarValue(_ value: ScalarValue) -> Bool {
        if case .scalar(let scalar) = kind { return scalar.value == value }
        return false
    }
}
