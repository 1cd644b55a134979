import SpecwrightYAML

/// Defaults in `PATCH` bodies. A property's `default` pre-fills the memberwise initializer, so a
/// value the caller builds sends it; in a create or a replacement that changes nothing (an absent
/// property means the default to the server). A `PATCH` body is a partial update: what it leaves
/// out keeps its stored value, so a pre-filled default would reset every field the caller did not
/// set (a `PATCH` of only `name` sent `temper: CALM` and `tags: []` and reset both). In every type a
/// JSON `PATCH` body holds, directly or through other types, a property with a default is therefore
/// a plain optional (`nil`: left out, decoded when absent), the document's default named in its doc
/// comment. A `required` property is always sent, so there it has no initializer default either
/// (the caller chooses its value); elsewhere a required property's default pre-fills the
/// initializer, and decoding still requires the key.
extension OpenAPIImporter {
    /// The text of a default in a doc comment: the JSON value as the document writes it, short
    /// values whole, a long one cut with `…`.
    static func defaultText(_ node: Node) -> String {
        let text = jsonText(node)
        return text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }

    private static func jsonText(_ node: Node) -> String {
        switch node.kind {
        case .scalar(let scalar):
            if case .string(let text) = scalar.value { return IR.StringLiteral(text).code }
            return scalar.text
        case .sequence(let items):
            return "[" + items.map(jsonText).joined(separator: ", ") + "]"
        case .mapping(let entries):
            let pairs = entries.map { jsonText($0.key) + ": " + jsonText($0.value) }
            return "{" + pairs.joined(separator: ", ") + "}"
        }
    }
}

extension IR.API {
    /// The API with the defaults of the properties (struct → JSON key → the default's text) of the
    /// types a JSON `PATCH` body holds moved from the initializer to the doc comment.
    func leavingDefaultsOutOfPatchBodies(_ defaults: [IR.TypeID: [String: String]]) -> IR.API {
        guard !defaults.isEmpty else { return self }
        let bodies = groups.flatMap(\.endpoints).filter { $0.method == .patch && $0.body == .json }
        let partial = typeIDs(
            reachableFrom: bodies.flatMap { $0.parameters.filter { $0.location == .body }.map(\.type) })
        var api = self
        api.types = types.map { declaration in
            guard case .structure(var structure) = declaration, partial.contains(structure.name.id),
                let texts = defaults[structure.name.id]
            else { return declaration }
            for index in structure.properties.indices {
                let property = structure.properties[index]
                guard property.fixedValue == nil, property.defaultValue != nil,
                    let text = texts[property.jsonKey.value]
                else { continue }
                structure.properties[index].defaultValue = nil
                structure.properties[index].requiresKey = false
                // A required one is always sent: the caller chooses its value, as the default would
                // overwrite the stored one.
                let note =
                    property.requiresKey
                    ? "Required: a `PATCH` sends it, so the caller chooses its value."
                    : "`nil` leaves it out: a `PATCH` keeps the stored value."
                if !property.requiresKey {
                    structure.properties[index].type =
                        property.type.isOptional ? property.type : .optional(property.type)
                }
                structure.properties[index].documentation = IR.Documentation(paragraphs: [
                    property.documentation.lines.joined(separator: "\n"), "Default: `\(text)` (the server's).\n" + note
                ])
            }
            return .structure(structure)
        }
        return api
    }
}
