import SpecwrightYAML

/// Small typed accessors over the located ``Node`` tree, used by ``OpenAPIReader`` and the
/// structure check (and by the importer for JSON values: `default`, `const`, `enum`).
///
/// OpenAPI documents are read leniently: a key of the wrong kind reads as absent (the structure
/// check reports it), so that no document can make the import crash.
extension Node {
    /// The scalar's text whatever its resolved type (`200` and `"200"` both give `200`).
    var openAPIText: String? {
        scalar?.text
    }

    /// A boolean scalar's value.
    var openAPIBool: Bool? {
        if case .scalar(let scalar) = kind, case .bool(let value) = scalar.value { return value }
        return nil
    }

    /// An integer scalar's value.
    var openAPIInt: Int? {
        if case .scalar(let scalar) = kind, case .int(let value) = scalar.value { return value }
        return nil
    }

    /// Whether the node is the null scalar.
    var isNullScalar: Bool {
        if case .scalar(let scalar) = kind, case .null = scalar.value { return true }
        return false
    }

    /// The entries of a mapping as (key text, value) pairs in source order; empty otherwise.
    var openAPIEntries: [(key: String, value: Node)] {
        guard let entries = mapping else { return [] }
        return entries.compactMap { entry in entry.key.scalar.map { ($0.text, entry.value) } }
    }

    /// The location of the key `key` in a mapping (for diagnostics about the key itself).
    func keyLocation(_ key: String) -> SourceLocation? {
        mapping?.first { $0.key.scalar?.text == key }?.key.location
    }

    /// The strings of a sequence of string scalars (other elements are skipped).
    var openAPIStrings: [String] {
        (sequence ?? []).compactMap(\.openAPIText)
    }
}
