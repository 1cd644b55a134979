import SpecwrightYAML

extension OpenAPIImporter {
    /// What makes two inline schemas at different places the same type: a union (`oneOf`/`anyOf`)
    /// or a schema with a `title` is generated once and reused wherever the same schema is written
    /// again (frameworks repeat an inline union at every use, and a `title` names a concept), so a
    /// value received through one property can be sent through another without conversion. The
    /// key is the schema's content without locations and, at its top, without the words that only
    /// document a use (`description`, `example`, `default`, a union's `title` …; see
    /// ``OpenAPI/JSONSchema/contentKey(ignoringTitle:keys:)``; the order of mapping keys aside).
    /// Other inline schemas keep one type per place: their names say where they are used.
    mutating func sharedShapeKey(_ schema: Schema, shape: SchemaShape) -> String? {
        guard shape == .union || schema.hasTitle else { return nil }
        return contentKey(schema, ignoringTitle: shape == .union)
    }

    /// The schema's content key in the document's one table (``NamingState/contentKeys``): the
    /// scan of repeated enums, the repeated bodies and the declarations ask for the same schemas'
    /// keys, and each schema and nested node is keyed once.
    mutating func contentKey(_ schema: Schema, ignoringTitle: Bool) -> String? {
        schema.contentKey(ignoringTitle: ignoringTitle, keys: &naming.contentKeys)
    }
}
