import Foundation

/// The value of a field that must be present but may be `null` (OpenAPI: `required` and
/// nullable): encoded as JSON `null` when it is `nil`, where a plain optional would be left out
/// and the server would answer "field required". Generated `encode(to:)` methods wrap such
/// fields: `try FieldEncoder(encoder).encode(("id", self.id), ("deleted_at", RequiredNullable(self.deletedAt)))`.
/// Only generated code uses it.
@_spi(Generated) public struct RequiredNullable<Wrapped: Encodable>: Encodable {
    /// The field's value.
    public let value: Wrapped?

    /// Wraps `value`.
    public init(_ value: Wrapped?) {
        self.value = value
    }

    /// Encodes the value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}
