import SpecwrightYAML

extension OpenAPIImporter {
    /// Whether a schema admits `null` and nothing else: `type: "null"` (or `type: ["null"]`), an
    /// `enum` of only `null` (drf-spectacular's `NullEnum: {enum: [null]}`) or `const: null`,
    /// with nothing that describes another value. Such a schema is the runtime's `JSONNull`
    /// (made optional, as it is nullable); as a `oneOf`/`anyOf` alternative it is no case but makes
    /// the union optional (``isNullMember(_:)``).
    static func admitsOnlyNull(_ schema: Schema) -> Bool {
        guard schema.reference == nil, schema.properties.isEmpty, schema.items == nil,
            schema.additionalProperties == nil, schema.allOf == nil, schema.oneOf == nil, schema.anyOf == nil
        else { return false }
        if let values = schema.enumValues { return !values.isEmpty && values.allSatisfy(\.isNullScalar) }
        if let constant = schema.constant { return constant.isNullScalar }
        return schema.isNullType || schema.keywords.node["type"]?.openAPIStrings == ["null"]
    }

    /// The runtime's `JSONNull`: the value `null` and nothing else.
    func jsonNull() -> IR.TypeReference {
        Self.jsonNullType
    }

    private static let jsonNullType = IR.TypeReference.named(
        IR.TypeName(id: .runtime("JSONNull"), identifier: NameScope.standalone("JSONNull")))
}
