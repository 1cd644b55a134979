extension Encoder {
    /// Encodes a generated object: each value under the JSON name at the same position in `keys`;
    /// `nil` optionals are left out (as `encodeIfPresent` does). One call replaces a synthesized
    /// `encode(to:)` with a line per field.
    public func encodeFields<each Value: Encodable>(keys: [String], _ values: repeat each Value) throws {
        var container = self.container(keyedBy: FieldKey.self)
        var index = 0
        for value in repeat each values {
            guard index < keys.count else { return }
            let key = FieldKey(stringValue: keys[index])
            index += 1
            if let optional = value as? any OptionalField {
                try optional.encodeIfPresent(into: &container, forKey: key)
            } else {
                try encodeField(value, into: &container, forKey: key)
            }
        }
    }
}

extension Encoder {
    /// Encodes an object's extra properties (OpenAPI `additionalProperties`) next to the fields
    /// `encodeFields` wrote; a key that is also a declared field is left out, so the declared
    /// value is the one sent.
    public func encodeRemainingFields<Value: Encodable>(_ values: [String: Value], besides keys: [String]) throws {
        guard !values.isEmpty else { return }
        var container = self.container(keyedBy: FieldKey.self)
        let declared = Set(keys)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where !declared.contains(key) {
            try encodeField(value, into: &container, forKey: FieldKey(stringValue: key))
        }
    }
}

/// Encodes `value` through the container's concrete overload when it is a common scalar (the
/// generic entry point makes encoders check the type at run time), else generically.
func encodeField<Value: Encodable>(
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
            try encodeField(wrapped, into: &container, forKey: key)
        }
    }
}
