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
        self = try EncodedNode.value(of: value, codingPath: [])
    }

    /// `value` itself when it is one of the standard library's scalar types, else `nil`. The
    /// common types are recognised by comparing metatypes, which is much cheaper than a chain of
    /// dynamic casts.
    init?<Value: Encodable>(primitive value: Value) {
        if Value.self == String.self, let text = value as? String {
            self = .string(text)
        } else if Value.self == Int.self, let number = value as? Int {
            self = .int(Int64(number))
        } else if Value.self == Bool.self, let flag = value as? Bool {
            self = .bool(flag)
        } else if Value.self == Double.self, let number = value as? Double {
            self = .double(number)
        } else if let other = Self.otherPrimitive(value) {
            self = other
        } else {
            return nil
        }
    }

    private static func otherPrimitive<Value: Encodable>(_ value: Value) -> EncodedValue? {
        if Value.self == Int64.self, let number = value as? Int64 { return .int(number) }
        if Value.self == Int32.self, let number = value as? Int32 { return .int(Int64(number)) }
        if Value.self == Float.self, let number = value as? Float { return .double(Double(number)) }
        if Value.self == Int16.self, let number = value as? Int16 { return .int(Int64(number)) }
        if Value.self == Int8.self, let number = value as? Int8 { return .int(Int64(number)) }
        if Value.self == UInt.self, let number = value as? UInt { return unsigned(UInt64(number)) }
        if Value.self == UInt64.self, let number = value as? UInt64 { return unsigned(number) }
        if Value.self == UInt32.self, let number = value as? UInt32 { return .int(Int64(number)) }
        if Value.self == UInt16.self, let number = value as? UInt16 { return .int(Int64(number)) }
        if Value.self == UInt8.self, let number = value as? UInt8 { return .int(Int64(number)) }
        return nil
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
