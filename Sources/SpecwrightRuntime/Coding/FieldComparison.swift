/// Field-wise equality for generated objects: `==` is one call instead of a synthesized
/// comparison per field (`FieldComparison.equal((lhs.id, rhs.id), (lhs.name, rhs.name))`).
public enum FieldComparison {
    /// Whether both values of every pair are equal.
    public static func equal<each Value: Equatable>(_ pairs: repeat (each Value, each Value)) -> Bool {
        for pair in repeat each pairs {
            guard pair.0 == pair.1 else { return false }
        }
        return true
    }
}

extension Hasher {
    /// Feeds every value into the hasher, in order: a generated object's `hash(into:)`.
    public mutating func combineFields<each Value: Hashable>(_ values: repeat each Value) {
        for value in repeat each values {
            combine(value)
        }
    }
}
