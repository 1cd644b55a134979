import Foundation

/// Equality of one field of a generated object. Generated `==` compares field by field with it
/// and `hash(into:)` combines the same fields, so equal values hash alike:
///
///     public static func == (lhs: Self, rhs: Self) -> Bool {
///         guard FieldEquality.same(lhs.id, rhs.id) else { return false }
///         return FieldEquality.same(lhs.ratio, rhs.ratio)
///     }
///
/// Unlike the field's own `==`, it is reflexive for every value: a `Double`, `Float` or `Date`
/// holding NaN (a value `JSONEncoder` refuses) equals a NaN of the same bit pattern, which is also
/// what those types hash. `Equatable` requires reflexivity; `Set`, `Dictionary` and SwiftUI diffs
/// misbehave without it. Arrays and dictionaries of such values are reflexive already (a copy
/// shares its storage, which their `==` checks first). Everything is `@inlinable`: an optimized
/// client specializes it into the field's own `==`. Only generated code uses it.
@_spi(Generated) public enum FieldEquality {
    /// `left == right`, or both the same NaN.
    @inlinable
    public static func same<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
        ReflexiveEquality.same(left, right)
    }
}

/// ``FieldEquality``'s comparison, where `@inlinable` code outside the SPI (the `==` of
/// `_GeneratedObject`) can reach it.
@usableFromInline
enum ReflexiveEquality {
    /// `left == right`, or both the same NaN.
    @inlinable
    static func same<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
        left == right || sameNaN(left, right)
    }

    /// Whether both are the same NaN (directly or in an `Optional`, which the casts unwrap).
    @inlinable
    static func sameNaN<Value>(_ left: Value, _ right: Value) -> Bool {
        if let left = left as? Double, let right = right as? Double {
            return left.isNaN && left.bitPattern == right.bitPattern
        }
        if let left = left as? Float, let right = right as? Float {
            return left.isNaN && left.bitPattern == right.bitPattern
        }
        if let left = left as? Date, let right = right as? Date {
            return sameNaN(left.timeIntervalSinceReferenceDate, right.timeIntervalSinceReferenceDate)
        }
        return false
    }
}
