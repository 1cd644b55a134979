/// A value as an `Encoder` sees it: the wire shape of any `Encodable`, independent of the output
/// format. Generated objects compare and hash through it (``EncodedHashable``): two values are
/// equal when they encode alike. Objects are unordered (`[String: EncodedValue]`), so neither
/// equality nor hashing depends on the order in which keys were encoded.
public enum EncodedValue: Hashable, Sendable {
    /// An explicit `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed integer (every signed integer type).
    case int(Int64)
    /// An unsigned integer larger than `Int64.max`.
    case unsignedInt(UInt64)
    /// A floating-point number (`Float` widened to `Double`).
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered list (an unkeyed container).
    case array([EncodedValue])
    /// An object (a keyed container).
    case object([String: EncodedValue])

    /// The encoded form of `value`.
    public init<Value: Encodable>(encoding value: Value) throws {
        if let primitive = EncodedValue(primitive: value) {
            self = primitive
            return
        }
        let node = EncodedNode()
        try value.encode(to: EncodedValueEncoder(node: node, codingPath: []))
        self = node.value
    }

    /// `value` itself when it is one of the standard library's scalar types, else `nil`.
    init?(primitive value: some Encodable) {
        switch value {
        case let text as String: self = .string(text)
        case let number as Int: self = .int(Int64(number))
        case let flag as Bool: self = .bool(flag)
        case let number as Double: self = .double(number)
        case let number as Int64: self = .int(number)
        case let number as Int32: self = .int(Int64(number))
        case let number as Float: self = .double(Double(number))
        case let number as Int16: self = .int(Int64(number))
        case let number as Int8: self = .int(Int64(number))
        case let number as UInt: self = Self.unsigned(UInt64(number))
        case let number as UInt64: self = Self.unsigned(number)
        case let number as UInt32: self = .int(Int64(number))
        case let number as UInt16: self = .int(Int64(number))
        case let number as UInt8: self = .int(Int64(number))
        default: return nil
        }
    }

    private static func unsigned(_ number: UInt64) -> EncodedValue {
        number <= UInt64(Int64.max) ? .int(Int64(number)) : .unsignedInt(number)
    }
}

/// Equatable and Hashable through the encoded form (``EncodedValue``): what generated objects
/// conform to instead of having the compiler synthesize `==` and `hash(into:)` field by field,
/// which made large generated clients slow to compile. Equality is equality on the wire: fields
/// that encode alike are equal (an open enum's `.unknown("a")` equals its `.a`). It costs a few
/// microseconds per comparison, where synthesized code costs nanoseconds.
public protocol EncodedHashable: Encodable, Hashable {}

extension EncodedHashable {
    /// Whether both values encode alike. A value that fails to encode is equal to nothing.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard let left = try? EncodedValue(encoding: lhs), let right = try? EncodedValue(encoding: rhs) else {
            return false
        }
        return left == right
    }

    /// Hashes the encoded form (nothing for a value that fails to encode).
    public func hash(into hasher: inout Hasher) {
        if let encoded = try? EncodedValue(encoding: self) {
            hasher.combine(encoded)
        }
    }
}
