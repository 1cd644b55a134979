import SpecwrightYAML

/// A discriminator's `mapping`: which alternative of a union each value selects.
extension OpenAPIImporter {
    /// The discriminator values that select each component alternative of a union, by component
    /// name. A `mapping` target is a `$ref` in any spelling or (OpenAPI 3.0) a bare schema name.
    /// A target that names no schema, or a schema that is not one of the union's alternatives, is
    /// an error at the target: the server would send a value the client cannot decode.
    ///
    /// A schema that is not a union (the base of an `allOf` hierarchy) may map to any schema:
    /// `members` is nil, and only targets that name nothing are reported, as `structure` warnings
    /// (the importer generates no decoding from such a discriminator).
    @discardableResult
    mutating func discriminatorValues(_ schema: Schema, members: [Schema]?, union: IR.TypeName) -> [String: [String]] {
        let alternatives = members.map { Set($0.compactMap { $0.reference?.text }.compactMap(componentSchemaName)) }
        var values: [String: [String]] = [:]
        for entry in schema.discriminatorMapping {
            switch mappedSchema(entry.target) {
            case .component(let name) where alternatives?.contains(name) ?? true:
                values[name, default: []].append(entry.value)
            case .other where alternatives == nil:
                continue
            case .component, .other:
                diagnostics.error(
                    quoting:
                        "discriminator value '\(entry.value)' maps to '\(entry.target)', which is not one of the alternatives of '\(type: union)': a payload with that value could not be decoded",
                    at: entry.location)
            case .nothing:
                let hint = Suggestions.didYouMean(
                    componentSchemaName(entry.target) ?? entry.target, in: components.schemas.keys.sorted())
                let message =
                    "discriminator value '\(entry.value)' maps to '\(entry.target)', which names no schema in this document\(hint.text)"
                // Only a union's discriminator selects what is decoded; elsewhere it documents.
                if members == nil {
                    skip(.structure, message, at: entry.location)
                } else {
                    diagnostics.error(message, at: entry.location)
                }
            case .elsewhere:
                continue
            }
        }
        return values
    }

    /// What a `mapping` target names.
    private enum MappedSchema {
        /// A component schema (by name).
        case component(String)
        /// Another schema of this document.
        case other
        /// Nothing in this document.
        case nothing
        /// A schema in another file (not followed; reported where it is used as a `$ref`).
        case elsewhere
    }

    private mutating func mappedSchema(_ target: String) -> MappedSchema {
        guard target.contains("#") || target.contains("/") else {
            return components.schemas[target] != nil ? .component(target) : .nothing
        }
        guard JSONPointer.isLocal(target, file: file) else { return .elsewhere }
        if let name = componentSchemaName(target) {
            return components.schemas[name] != nil ? .component(name) : .nothing
        }
        return lookUpSchema(target) != nil ? .other : .nothing
    }
}
