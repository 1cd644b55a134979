import SpecwrightYAML

/// A value decoded from a spec together with the place it was written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The decoded value.
    public let value: Value
    /// Where the value starts in the spec file.
    public let location: SourceLocation

    /// Pairs a value with its location.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
