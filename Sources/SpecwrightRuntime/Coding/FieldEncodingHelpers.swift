/// Encodes `value` under `name`; an optional only when it holds a value.
func encodeField<Value: Encodable>(
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
