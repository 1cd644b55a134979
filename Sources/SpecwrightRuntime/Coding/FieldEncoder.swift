/// Encodes the fields of a generated object, each under its JSON name written next to it, so that
/// a generated `encode(to:)` is a single call instead of a line (and an error path) per field:
///
///     try FieldEncoder(encoder).encode(("id", self.id), ("isbn_13", self.isbn), ("tags", self.tags))
///
/// `nil` optionals are left out (as `encodeIfPresent` does); a field that must be sent as `null`
/// is wrapped in ``RequiredNullable``. An object that keeps extra properties (OpenAPI
/// `additionalProperties`) passes them as `remaining:`; they are written after the fields, in key
/// order, except where a declared field has the same name. Only generated code uses it.
@_spi(Generated) public struct FieldEncoder {
    private let encoder: any Encoder

    /// Writes into `encoder` (as a JSON object, also when there are no fields).
    public init(_ encoder: any Encoder) {
        self.encoder = encoder
    }

    /// Encodes each `(JSON name, value)` pair.
    public func encode<each Value: Encodable>(_ fields: repeat (String, each Value)) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for field in repeat each fields {
            try encodeField(field.1, named: field.0, into: &container)
        }
    }

    /// Encodes each `(JSON name, value)` pair, then every entry of `remaining` whose key is not
    /// one of those names (a declared field wins), in key order.
    public func encode<each Value: Encodable, Extra: Encodable>(
        _ fields: repeat (String, each Value), remaining: [String: Extra]
    ) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        var declared: Set<String> = []
        for field in repeat each fields {
            try encodeField(field.1, named: field.0, into: &container)
            declared.insert(field.0)
        }
        for (key, value) in remaining.sorted(by: { $0.key < $1.key }) where !declared.contains(key) {
            try encodeField(value, named: key, into: &container)
        }
    }
}

/// Encodes `value` under `name`; an optional only when it holds a value.
private func encodeField<Value: Encodable>(
    _ value: Value, named name: String, into container: inout KeyedEncodingContainer<FieldKey>
) throws {
    let key = FieldKey(stringValue: name)
    if let optional = value as? any OptionalField {
        try optional.encodeIfPresent(into: &container, forKey: key)
    } else {
        try encodeScalarFirst(value, into: &container, forKey: key)
    }
}

/// Encodes `value` through the container's concrete overload when it is a common scalar (the
/// generic entry point makes encoders check the type at run time), else generically.
func encodeScalarFirst<Value: Encodable>(
    _ value: Value, into container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey
) throws {
    if Value.self == String.self, let text = value as? String {
        try container.encode(text, forKey: key)
    } else if Value.self == Int.self, let number = value as? Int {
        try container.encode(number, forKey: key)
    } else if Value.self == Bool.self, let flag = value as? Bool {
        try container.encode(flag, forKey: key)
    } else if Value.self == Double.self, let number = value as? Double {
        try container.encode(number, forKey: key)
    } else {
        try container.encode(value, forKey: key)
    }
}

/// An `Optional` field behind a generic parameter: encoded when it holds a value.
protocol OptionalField {
    /// Encodes the wrapped value under `key`, or nothing when `nil`.
    func encodeIfPresent(into container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey) throws
}

extension Optional: OptionalField where Wrapped: Encodable {
    func encodeIfPresent(into container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey) throws {
        if let wrapped = self {
            try encodeScalarFirst(wrapped, into: &container, forKey: key)
        }
    }
}
