/// A generated object: it lists its fields once, each with its JSON name, in
/// ``_fields(_:_:_:)``, and this protocol derives `encode(to:)`, `==` and `hash(into:)` from that
/// list. A generated type reads:
///
///     public static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
///         fields.field("id", lhs.id, rhs.id)
///         fields.field("isbn_13", lhs.isbn, rhs.isbn)
///     }
///
/// `==` is field-wise and reflexive (a NaN field equals the same NaN; see ``FieldEquality``),
/// `hash(into:)` combines the same fields, `encode(to:)` writes them in order under their JSON
/// names. One list per type instead of three bodies keeps the generated code small to compile;
/// everything here is `@inlinable`, so an optimized client specializes it into code like a
/// synthesized conformance's. The leading underscore keeps it out of an app's autocomplete: only
/// generated code conforms to it.
public protocol _GeneratedObject: Encodable, Hashable {
    /// Visits every stored field of `lhs` and `rhs` (the same value for encoding and hashing) in
    /// declaration order, with its JSON name.
    static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor)
}

extension _GeneratedObject {
    /// Whether every field of `lhs` equals the same field of `rhs` (reflexive for NaN).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        var comparison = FieldComparison()
        _fields(lhs, rhs, &comparison)
        return comparison.equal
    }

    /// Combines every field into `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var hashing = FieldHashing(hasher)
        Self._fields(self, self, &hashing)
        hasher = hashing.hasher
    }

    /// Encodes the fields as a JSON object, each under its JSON name.
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var encoding = FieldEncoding(encoder)
        Self._fields(self, self, &encoding)
        try encoding.finish()
    }
}
