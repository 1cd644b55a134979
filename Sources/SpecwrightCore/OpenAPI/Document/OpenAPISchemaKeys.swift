/// The Schema Object's part of the one key table (``OpenAPIKey``).
extension OpenAPIKey {
    /// The keywords of a Schema Object (JSON Schema) that Specwright reads or checks: the reader
    /// reads schemas through them (``SchemaKeywordNodes``, `keywords[.format]`), the structure
    /// check checks the nested schemas and the discriminator by their ``field``, and shared shapes
    /// leave out the keywords that ``describesOneUse``. Other keywords (`minLength`, `pattern`, …)
    /// are allowed and not read.
    ///
    /// The structure check visits the keywords whose shape it checks in the order of the cases.
    /// A keyword whose shape is `.any` is not checked there: JSON Schema allows more spellings
    /// than OpenAPI's schema fixes (`type: [string, "null"]`), and the importer reports what it
    /// cannot read where it reads it.
    enum Schema: String, OpenAPIFieldKey {
        case reference = "$ref"
        // Nested schemas: checked, in this order.
        case items, not, additionalProperties, contains, propertyNames, `if`, then, `else`
        case properties, patternProperties, defs = "$defs", definitions, dependentSchemas
        case allOf, oneOf, anyOf, prefixItems
        case discriminator
        // What the importer translates (not checked by shape).
        case type, nullable, format, `enum`, const, `default`, required, title, readOnly, writeOnly
        case contentEncoding, contentMediaType
        /// openapi-generator's names for enum cases.
        case enumVarnames = "x-enum-varnames"
        /// NSwag's names for enum cases.
        case enumNames = "x-enumNames"
        /// The Swift name a document gives a type or property.
        case swiftName = "x-specwright-name"
        // What only documents.
        case description, deprecated, example, examples, comment = "$comment", externalDocs

        var field: OpenAPIField {
            switch self {
            case .reference: OpenAPIField(shape: .text, client: true)
            case .items, .not, .additionalProperties, .contains, .propertyNames, .if, .then, .else:
                OpenAPIField(shape: .schema, client: true)
            case .properties, .patternProperties, .defs, .definitions, .dependentSchemas:
                OpenAPIField(shape: .map(.schema), client: true)
            case .allOf, .oneOf, .anyOf, .prefixItems: OpenAPIField(shape: .list(.schema), client: true)
            case .discriminator: OpenAPIField(shape: .object(.discriminator), client: true)
            case .type, .nullable, .format, .enum, .const, .default, .required, .title, .readOnly, .writeOnly,
                .contentEncoding, .contentMediaType, .enumVarnames, .enumNames, .swiftName:
                OpenAPIField(shape: .any, client: true)
            case .description, .deprecated, .example, .examples, .comment, .externalDocs:
                OpenAPIField(shape: .any, client: false)
            }
        }

        /// Finds a keyword by its spelling (``OpenAPIKeyLookup``).
        static let lookup = OpenAPIKeyLookup<Schema>()

        /// The keywords the structure check checks the shape of, in the order it checks them.
        static let checked: [Schema] = allCases.filter { $0.field.shape.isChecked }

        /// Whether the keyword says something about the type (a schema with none of them, such
        /// as `{description: …}` or `{maxLength: 3}`, only documents or constrains).
        var describesType: Bool {
            switch self {
            case .reference, .type, .properties, .enum, .items, .allOf, .oneOf, .anyOf, .additionalProperties, .const:
                true
            default: false
            }
        }

        /// Whether the keyword describes one use of a schema rather than the type: two schemas
        /// that differ only in these are the same shape (``OpenAPI/JSONSchema/contentKey(ignoringTitle:keys:)``).
        var describesOneUse: Bool {
            switch self {
            case .description, .example, .examples, .default, .deprecated, .readOnly, .writeOnly, .comment,
                .externalDocs:
                true
            default: false
            }
        }
    }
}

extension OpenAPIShape {
    /// Whether the structure check checks a value of this shape at all (`.any` it does not).
    fileprivate var isChecked: Bool {
        if case .any = self { return false }
        return true
    }
}
