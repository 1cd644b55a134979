import SpecwrightYAML

/// The names JSON Schema 2020-12 (OAS 3.1) gives to places in a document besides JSON pointers:
/// `$anchor` and `$dynamicAnchor` (a `$ref: '#name'` names the schema that declares it) and `$id`
/// (a `$ref` whose URI is a schema's `$id` names that schema, `$id#/pointer` a place in it,
/// `$id#name` an anchor declared in it).
///
/// Built by one walk of the document, the first time a reference needs it (most documents never
/// do). A name declared twice names its first declaration in document order; every declaration
/// of a `$dynamicAnchor` is kept, since which one a `$dynamicRef` means depends on the way it was
/// reached (``OpenAPIImporter/dynamicReferenceType(_:at:hint:)``).
final class SchemaAnchors {
    /// One declaration: the pointer of the schema declaring it and where the declaring key is.
    struct Declaration {
        let pointer: JSONPointer
        let location: SourceLocation
    }

    /// `$anchor` and `$dynamicAnchor` names → their declarations, in document order.
    private(set) var anchors: [String: [Declaration]] = [:]
    /// `$dynamicAnchor` names → their declarations, in document order.
    private(set) var dynamicAnchors: [String: [Declaration]] = [:]
    /// `$id` values (without a trailing empty fragment) → the schema declaring them (first wins).
    private(set) var identifiers: [String: Declaration] = [:]
    /// The schemas holding a `$dynamicRef`, by location → their pointer.
    private(set) var dynamicReferences: [SourceLocation: JSONPointer] = [:]

    init(root: Node) {
        var path: [String] = []
        collect(root, path: &path, depth: 0)
    }

    /// The pointer an anchor name (`pet` of `#pet`) names, or nil.
    func pointer(anchor name: String) -> JSONPointer? {
        anchors[name]?.first?.pointer
    }

    /// The pointer a reference naming a schema's `$id` names (`list`, `list#/items`,
    /// `list#item`), or nil when no `$id` is spelled that way.
    func pointer(identifiedBy reference: String) -> JSONPointer? {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        guard let base = identifiers[String(reference[..<hash])]?.pointer else { return nil }
        let fragment = hash < reference.endIndex ? reference[reference.index(after: hash)...] : ""
        if fragment.isEmpty { return base }
        if fragment.hasPrefix("/") {
            return JSONPointer(reference: "#" + fragment, file: "").map { JSONPointer(tokens: base.tokens + $0.tokens) }
        }
        // An anchor of that resource: the first declaration below it.
        return anchors[String(fragment)]?.first { $0.pointer.tokens.starts(with: base.tokens) }?.pointer
    }

    /// The most levels walked (the structure check reports deeper documents).
    private static let depthLimit = 512

    private func collect(_ node: Node, path: inout [String], depth: Int) {
        guard depth < Self.depthLimit else { return }
        switch node.kind {
        case .mapping(let entries):
            if node["$dynamicRef"] != nil { dynamicReferences[node.location] = JSONPointer(tokens: path) }
            for entry in entries {
                guard let key = entry.key.scalar?.text else { continue }
                if let name = entry.value.scalar?.text {
                    let declaration = Declaration(pointer: JSONPointer(tokens: path), location: entry.key.location)
                    switch key {
                    case "$anchor": anchors[name, default: []].append(declaration)
                    case "$dynamicAnchor":
                        anchors[name, default: []].append(declaration)
                        dynamicAnchors[name, default: []].append(declaration)
                    case "$id":
                        let identifier = name.hasSuffix("#") ? String(name.dropLast()) : name
                        if identifiers[identifier] == nil { identifiers[identifier] = declaration }
                    default: break
                    }
                }
                path.append(key)
                collect(entry.value, path: &path, depth: depth + 1)
                path.removeLast()
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                path.append(String(index))
                collect(item, path: &path, depth: depth + 1)
                path.removeLast()
            }
        case .scalar:
            break
        }
    }
}
