/// The coding key of a generated object's field: its JSON name. Generated types share this one
/// key type instead of each declaring a `CodingKeys` enum. Only generated code uses it.
@_spi(Generated) public struct FieldKey: CodingKey, Hashable, Sendable {
    /// The JSON name.
    public let stringValue: String

    /// Always `nil`: object fields have names, not positions.
    public var intValue: Int? { nil }

    /// Creates the key for the JSON name `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Always `nil`: object fields have names, not positions.
    public init?(intValue: Int) {
        nil
    }
}
