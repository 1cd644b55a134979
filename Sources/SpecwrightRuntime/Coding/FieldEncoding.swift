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
            if let optional = value as? any OptionalField, optional.isNone { continue }
            try container.encode(value, forKey: key)
        }
    }
}

/// Recognises `Optional` values whose case is `none` behind a generic parameter.
protocol OptionalField {
    /// Whether the value is `nil`.
    var isNone: Bool { get }
}

extension Optional: OptionalField {
    var isNone: Bool {
        switch self {
        case .none: true
        case .some: false
        }
    }
}
