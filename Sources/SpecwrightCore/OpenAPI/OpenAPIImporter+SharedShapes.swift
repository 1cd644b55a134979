import SpecwrightYAML

extension OpenAPIImporter {
    /// What makes two inline schemas at different places the same type: a union (`oneOf`/`anyOf`)
    /// or a schema with a `title` is generated once and reused wherever the same schema is written
    /// again (frameworks repeat an inline union at every use, and a `title` names a concept), so a
    /// value received through one property can be sent through another without conversion. The
    /// key is the schema's content without locations and, at its top, without the words that only
    /// document a use (`description`, `example`, `default`, a union's `title` …). Other inline
    /// schemas keep one type per place: their names say where they are used.
    func sharedShapeKey(_ schema: Node, shape: SchemaShape) -> String? {
        guard shape == .union || schema["title"] != nil, let entries = schema.mapping else { return nil }
        var ignored = Self.useOnlyKeywords
        if shape == .union { ignored.insert("title") }
        var text = "{"
        for entry in entries {
            guard let key = entry.key.scalar?.text, !ignored.contains(key), !key.hasPrefix("x-") else { continue }
            text += key + ":"
            guard Self.appendCanonical(entry.value, to: &text) else { return nil }
            text += ","
        }
        return text + "}"
    }

    /// Keywords that describe one use of a schema, not the type.
    private static let useOnlyKeywords: Set<String> = [
        "description", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment",
        "externalDocs"
    ]

    /// The most text a key may take (a larger schema is not shared: the key would cost more than it saves).
    private static let sharedKeyLimit = 20_000

    /// Appends `node` without locations or styles; `false` once the text passes the limit.
    private static func appendCanonical(_ node: Node, to text: inout String) -> Bool {
        guard text.utf8.count <= sharedKeyLimit else { return false }
        switch node.kind {
        case .scalar(let scalar):
            text += "\(scalar.value)"
        case .sequence(let items):
            text += "["
            for item in items {
                guard appendCanonical(item, to: &text) else { return false }
                text += ","
            }
            text += "]"
        case .mapping(let entries):
            text += "{"
            for entry in entries {
                text += "\(entry.key.scalar?.value ?? .null):"
                guard appendCanonical(entry.value, to: &text) else { return false }
                text += ","
            }
            text += "}"
        }
        return true
    }
}
