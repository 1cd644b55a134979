import SpecwrightYAML

/// The keywords (``OpenAPIKey/Schema``) of one Schema Object, found in one pass over its entries
/// (the first of a repeated key wins, as `Node[key]` does) instead of one scan of the entries per
/// keyword. ``OpenAPIReader`` and ``OpenAPIStructureCheck`` both read schemas through it.
///
/// It keeps the schema's entries and, for the keywords present (a schema has a handful of the
/// table's), where each is: small on the stack of the readers' recursion, and a lookup compares
/// a few bytes without copying a node.
struct SchemaKeywordNodes {
    /// A keyword present, and the index of its entry.
    private struct Slot {
        let keyword: OpenAPIKey.Schema
        let index: Int
    }

    private let entries: [MappingEntry]
    private var slots: [Slot] = []

    init(_ node: Node) {
        guard case .mapping(let entries) = node.kind else {
            entries = []
            return
        }
        self.entries = entries
        for (index, entry) in entries.enumerated() {
            guard case .scalar(let key) = entry.key.kind, let keyword = OpenAPIKey.Schema.lookup.key(key.text),
                !slots.contains(where: { $0.keyword == keyword })
            else { continue }
            if slots.isEmpty { slots.reserveCapacity(entries.count - index) }
            slots.append(Slot(keyword: keyword, index: index))
        }
    }

    /// The value of `keyword`, or nil when the schema does not have it.
    subscript(keyword: OpenAPIKey.Schema) -> Node? {
        for slot in slots where slot.keyword == keyword { return entries[slot.index].value }
        return nil
    }

    /// Where the key `keyword` is written, or nil when the schema does not have it.
    func keyLocation(_ keyword: OpenAPIKey.Schema) -> SourceLocation? {
        for slot in slots where slot.keyword == keyword { return entries[slot.index].key.location }
        return nil
    }

    /// Whether the schema says anything about a type (``OpenAPIKey/Schema/describesType``).
    var describesType: Bool {
        slots.contains { $0.keyword.describesType }
    }
}
