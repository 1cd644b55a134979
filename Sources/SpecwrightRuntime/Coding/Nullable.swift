/// The value of an optional, nullable field in a request body, in the three states a partial
/// update (HTTP `PATCH`, JSON Merge Patch, RFC 7396) tells apart: left out (the server keeps what
/// it has), sent as `null` (the server clears it), or sent with a value.
///
/// Generated initializers take it for such fields with `.absent` as the default, so leaving an
/// argument out leaves the key out, and a `nil` literal asks for `null`:
///
///     ItemPatch()                         // {}
///     ItemPatch(description: nil)         // {"description": null}
///     ItemPatch(description: "Heavy")     // {"description": "Heavy"}
///     ItemPatch(description: .value(text), tax: Nullable(newTax))
///
/// Reading such a field stays a plain optional (`patch.description` is `String?`); the three
/// states are the projected value (`patch.$description`), see ``NullableField``. Decoding keeps
/// the state: a missing key is ``absent``, `null` is ``null`` (both read as `nil`), so an object
/// read from the server is sent back as it came.
///
/// Equality is equality on the wire: two values are equal when they encode alike. ``absent`` and
/// ``null`` differ (a `PATCH` sends them differently); a decoded `null` equals ``null`` built in
/// code, and hashes alike. `==` is reflexive for every value: a `Double`, `Float` or `Date` NaN
/// equals the same NaN (the synthesized `==` would not).
public enum Nullable<Wrapped> {
    /// Not sent: the key is left out of the JSON object.
    case absent
    /// Sent as JSON `null`.
    case null
    /// Sent with this value.
    case value(Wrapped)

    /// `.value(value)`, or `.null` when `value` is `nil`: "set the field to this".
    public init(_ value: Wrapped?) {
        self = value.map(Nullable.value) ?? .null
    }

    /// `.value(value)`, or `.absent` when `value` is `nil`: "change the field only when I have a value".
    public init(leavingOutNil value: Wrapped?) {
        self = value.map(Nullable.value) ?? .absent
    }

    /// The value as a plain optional: `nil` when absent or null.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the key is left out.
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }
}

extension Nullable: ExpressibleByNilLiteral {
    /// `nil` written as an argument asks for JSON `null` (leaving the argument out is ``absent``).
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {
    /// The same state, and for ``value(_:)`` equal values (a NaN equals the same NaN).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.absent, .absent), (.null, .null): true
        case (.value(let left), .value(let right)): ReflexiveEquality.same(left, right)
        default: false
        }
    }
}

extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes the value, or `null` (an absent value alone has no other spelling; as a field of a
    /// generated object it is left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if case .value(let value) = self {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes `null` as ``null`` and anything else as a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: OptionalField where Wrapped: Encodable {
    /// Left out when absent, `null` when null, else the value.
    func encodeIfPresent(into container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey) throws {
        switch self {
        case .absent: break
        case .null: try container.encodeNil(forKey: key)
        case .value(let value): try encodeScalarFirst(value, into: &container, forKey: key)
        }
    }
}

// Literals stand for `.value(…)`, so `ItemPatch(name: "Saw", tax: 2.5)` reads like an optional's.

extension Nullable: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
    ExpressibleByStringLiteral
where Wrapped == String {
    /// `.value` of the literal.
    public init(stringLiteral value: String) {
        self = .value(value)
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// `.value` of the literal.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// `.value` of the literal.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped == Bool {
    /// `.value` of the literal.
    public init(booleanLiteral value: Bool) {
        self = .value(value)
    }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// `.value` of the collection of the elements.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}
