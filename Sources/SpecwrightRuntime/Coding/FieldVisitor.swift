/// What a generated object's ``_GeneratedObject/_fields(_:_:_:)`` calls for each of its fields,
/// with the field of both values it visits (the same value twice when one value is encoded or
/// hashed). The runtime implements it three times: comparison, hashing and encoding. Only
/// generated code calls it.
public protocol _FieldVisitor {
    /// A field; encoded under `name`, left out when it is an empty optional (or
    /// ``Nullable/absent``).
    mutating func field<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value)

    /// A field the document marks `readOnly` (set by the server): like ``field(_:_:_:)``, but left
    /// out when a request is encoded (an encoder whose `userInfo` has
    /// `CodingUserInfoKey.specwrightRequest` set to `true`: the client's, for every body,
    /// query, form and multipart value it sends).
    mutating func readOnly<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value)

    /// A required field that may be `null`: encoded as `null` when it is `nil`.
    mutating func nullable<Value: Encodable & Hashable>(_ name: String, _ lhs: Value?, _ rhs: Value?)

    /// A value the type fixes: encoded, but no part of `==` or `hash(into:)`.
    mutating func constant<Value: Encodable>(_ name: String, _ value: Value)

    /// The properties the schema does not declare: encoded after the fields, in key order,
    /// except those whose key is one of `declared` (a declared field wins).
    mutating func remaining<Value: Encodable & Hashable>(
        _ lhs: [String: Value], _ rhs: [String: Value], declared: [String]
    )
}

extension _FieldVisitor {
    /// Visits a read-only field as any other (comparison and hashing; encoding overrides it).
    @inlinable
    public mutating func readOnly<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value) {
        field(name, lhs, rhs)
    }
}

/// `==` of a generated object: field by field through ``FieldEquality``.
@usableFromInline
struct FieldComparison: _FieldVisitor {
    @usableFromInline var equal = true

    @inlinable init() {}

    @inlinable
    mutating func field<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value) {
        if equal { equal = ReflexiveEquality.same(lhs, rhs) }
    }

    @inlinable
    mutating func nullable<Value: Encodable & Hashable>(_ name: String, _ lhs: Value?, _ rhs: Value?) {
        if equal { equal = ReflexiveEquality.same(lhs, rhs) }
    }

    @inlinable
    mutating func constant<Value: Encodable>(_ name: String, _ value: Value) {}

    @inlinable
    mutating func remaining<Value: Encodable & Hashable>(
        _ lhs: [String: Value], _ rhs: [String: Value], declared: [String]
    ) {
        if equal { equal = lhs == rhs }
    }
}

/// `hash(into:)` of a generated object: the fields `==` compares, in order.
@usableFromInline
struct FieldHashing: _FieldVisitor {
    @usableFromInline var hasher: Hasher

    @inlinable init(_ hasher: Hasher) {
        self.hasher = hasher
    }

    @inlinable
    mutating func field<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value) {
        hasher.combine(lhs)
    }

    @inlinable
    mutating func nullable<Value: Encodable & Hashable>(_ name: String, _ lhs: Value?, _ rhs: Value?) {
        hasher.combine(lhs)
    }

    @inlinable
    mutating func constant<Value: Encodable>(_ name: String, _ value: Value) {}

    @inlinable
    mutating func remaining<Value: Encodable & Hashable>(
        _ lhs: [String: Value], _ rhs: [String: Value], declared: [String]
    ) {
        hasher.combine(lhs)
    }
}
