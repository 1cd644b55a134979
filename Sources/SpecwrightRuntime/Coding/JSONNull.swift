/// The JSON value `null` and nothing else: what an OpenAPI schema admitting only `null` becomes
/// (`type: "null"`, `enum: [null]` — drf-spectacular's `NullEnum` —, `const: null`). It decodes
/// only from `null` (any other value is a `DecodingError.typeMismatch`) and encodes as `null`.
///
/// Generated code uses it as an optional, `JSONNull?`, since such a schema is nullable: `nil`
/// stands for the `null` the server sent (or for an absent property), and a required property
/// of this type is sent as `null`.
public struct JSONNull: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The `null` value.
    public init() {}

    /// Decodes `null`; throws `DecodingError.typeMismatch` for any other value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.typeMismatch(
                JSONNull.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "expected null, the only value this schema allows"
                ))
        }
    }

    /// Encodes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    /// `null`.
    public var description: String { "null" }
}
