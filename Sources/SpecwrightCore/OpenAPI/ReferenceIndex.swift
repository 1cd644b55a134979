import Foundation
import SpecwrightYAML

/// Finds the node a local `$ref` names, in time linear in the document overall.
///
/// Every distinct `$ref` string is resolved once (the answer is remembered), and a mapping
/// walked by a pointer gets a key → value table the first time, so that thousands of pointers
/// into one large mapping (`#/components/parameters/…`) do not each scan it.
struct ReferenceIndex {
    private let root: Node
    private let file: String
    /// `$ref` string → the node it names (nil: it names nothing in this document).
    private var targets: [String: Node?] = [:]
    /// Mapping location → its entries by key text (first occurrence wins, as `Node`'s subscript).
    private var tables: [SourceLocation: [String: Node]] = [:]
    /// `$ref` string → the schema it names, read on first use (nil: it names nothing).
    private var schemas: [String: OpenAPI.JSONSchema?] = [:]
    /// ``anchors``, once built (a box: built on first use from non-mutating lookups).
    private let anchorTable = AnchorTableBox()
    /// Mappings with at most this many entries are scanned instead of indexed.
    private static let scanLimit = 8

    init(root: Node, file: String) {
        self.root = root
        self.file = file
    }

    /// The pointer a `$ref` string spells, in any of its spellings (see ``JSONPointer``), or the
    /// place it names by an anchor (`#pet`) or a schema's `$id` (``SchemaAnchors``).
    func pointer(_ reference: String) -> JSONPointer? {
        if let pointer = JSONPointer(reference: reference, file: file) { return pointer }
        if let name = anchorName(reference) { return anchors.pointer(anchor: name) }
        return anchors.pointer(identifiedBy: reference)
    }

    /// The `$anchor`s, `$dynamicAnchor`s and `$id`s of the document, read on first use.
    var anchors: SchemaAnchors {
        if let known = anchorTable.value { return known }
        let built = SchemaAnchors(root: root)
        anchorTable.value = built
        return built
    }

    /// The plain name of a local reference whose fragment is an anchor (`#pet`, `api.yaml#pet`), or nil.
    func anchorName(_ reference: String) -> String? {
        guard JSONPointer.isLocal(reference, file: file), let hash = reference.firstIndex(of: "#") else { return nil }
        let fragment = reference[reference.index(after: hash)...]
        guard let name = String(fragment).removingPercentEncoding, !name.isEmpty, !name.hasPrefix("/") else {
            return nil
        }
        return name
    }

    /// The node `reference` names, or nil.
    mutating func node(for reference: String) -> Node? {
        if let known = targets[reference] { return known }
        let found = pointer(reference).flatMap { walk($0.tokens) }
        targets[reference] = .some(found)
        return found
    }

    /// The schema `reference` names, read once, or nil.
    mutating func schema(for reference: String) -> OpenAPI.JSONSchema? {
        if let known = schemas[reference] { return known }
        let found = node(for: reference).map(OpenAPI.JSONSchema.init(reading:))
        schemas[reference] = .some(found)
        return found
    }

    private mutating func walk(_ tokens: [String]) -> Node? {
        var current = root
        for token in tokens {
            switch current.kind {
            case .mapping(let entries):
                guard let next = entries.count <= Self.scanLimit ? current[token] : child(of: current, entries, token)
                else { return nil }
                current = next
            case .sequence(let items):
                // RFC 6901: an array index is `0` or digits without a leading zero.
                guard token == "0" || !token.hasPrefix("0"), token.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                    let index = Int(token), items.indices.contains(index)
                else { return nil }
                current = items[index]
            case .scalar:
                return nil
            }
        }
        return current
    }

    private mutating func child(of mapping: Node, _ entries: [MappingEntry], _ token: String) -> Node? {
        if let table = tables[mapping.location] { return table[token] }
        var table: [String: Node] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries {
            if let key = entry.key.scalar?.text, table[key] == nil { table[key] = entry.value }
        }
        tables[mapping.location] = table
        return table[token]
    }
}

/// Holds the ``SchemaAnchors`` of one ``ReferenceIndex`` once they are built.
final class AnchorTableBox {
    var value: SchemaAnchors?
}
