import SpecwrightYAML

extension OpenAPI {
    /// A Schema Object (JSON Schema) with the keywords the importer translates (``Keywords``,
    /// read by ``OpenAPIReader``; `schema.types` reads `schema.keywords.types`). Schemas nest,
    /// so this is a class; its identity for the importer is its ``location``.
    @dynamicMemberLookup
    final class JSONSchema: OpenAPIObject {
        let location: SourceLocation
        let keywords: Keywords

        convenience init(reading node: Node) {
            self.init(reading: node, depth: 0)
        }

        /// Reads a schema nested in `depth` others; beyond ``OpenAPIReader/maxSchemaDepth`` the
        /// schemas nested in it are not read.
        init(reading node: Node, depth: Int) {
            location = node.location
            keywords = Keywords(reading: node, depth: depth)
        }

        subscript<Value>(dynamicMember keyPath: KeyPath<Keywords, Value>) -> Value {
            keywords[keyPath: keyPath]
        }

        /// What kind of node the schema is written as.
        enum Form: Equatable, Sendable {
            /// A mapping (`isEmpty`: `{}`).
            case mapping(isEmpty: Bool)
            /// A boolean schema (3.1), or `additionalProperties: true|false`.
            case boolean(Bool)
            /// Anything else (read as a schema without keywords).
            case other
        }

        /// The keywords of a schema. OpenAPI 3.0's `nullable` and 3.1's `type` lists are both
        /// read, whatever the document's version. A `$ref` is kept as ``reference`` next to the
        /// other keywords (3.1 allows siblings such as `description`).
        struct Keywords: Sendable {
            let form: Form
            /// The node as written: shared shapes compare its content (``contentKey(ignoringTitle:keys:)``).
            let node: Node
            /// `$ref` (when it is text).
            let reference: Reference?
            /// Where a `$ref` key is, whatever its value.
            let referenceKeyLocation: SourceLocation?
            /// The `type` names other than `null` (`type: string` or `type: [string, "null"]`).
            let types: [String]
            /// Where `type` is, if present.
            let typeLocation: SourceLocation?
            /// `type: "null"`.
            let isNullType: Bool
            /// `null` allowed by a type keyword: 3.0 `nullable: true` or a 3.1 `type` list with `null`.
            let allowsNullByType: Bool
            let format: String?
            /// `enum` values (nil when absent or not a list), and where `enum` is.
            let enumValues: [Node]?
            let enumLocation: SourceLocation?
            /// `x-enum-varnames` (openapi-generator) then `x-enumNames` (NSwag), each when present.
            let enumVariableNameLists: [[String]]
            /// `const` and `default`: any JSON value.
            let constant: Node?
            let defaultValue: Node?
            /// `allOf`, `oneOf`, `anyOf` when they are lists.
            let allOf: [JSONSchema]?
            let oneOf: [JSONSchema]?
            let anyOf: [JSONSchema]?
            /// Whether `oneOf` is present (as anything): the union is a `oneOf`.
            let hasOneOf: Bool
            /// `properties` in source order.
            let properties: [(name: String, schema: JSONSchema)]
            let required: [String]
            /// `items` and `additionalProperties`, whatever they are written as.
            let items: JSONSchema?
            let additionalProperties: JSONSchema?
            /// `discriminator`'s `propertyName` and `mapping` (value → `$ref` or schema name, and
            /// where the target is written).
            let discriminatorProperty: String?
            let discriminatorMapping: [(value: String, target: String, location: SourceLocation)]
            /// `title` (text) and whether it is present at all.
            let title: String?
            let hasTitle: Bool
            let description: String?
            let deprecated: Bool
            let readOnly: Bool
            let writeOnly: Bool
            /// `contentEncoding` is present (3.1: the string holds encoded bytes).
            let hasContentEncoding: Bool
            /// `contentMediaType` (3.1).
            let contentMediaType: String?
            /// `x-specwright-name`: the Swift name of a property.
            let swiftName: String?
            /// Whether the schema says anything about a type (`$ref`, `type`, `properties`, `enum`,
            /// `items`, compositions, `additionalProperties`, `const`): union members without one only
            /// list `required` keys, which are validation rules, not alternatives.
            let describesType: Bool
        }
    }
}
