/// Stores an optional, nullable field of a generated object that can be sent in a request body:
/// the field reads as a plain optional, and its projected value (`$name`) is the ``Nullable``
/// that says whether it is sent, sent as `null`, or left out.
///
///     let patch = ItemPatch(description: nil)
///     patch.description     // nil
///     patch.$description    // .null — encoded as "description": null
///
/// Assigning `nil` to the field (in generated objects with `var` properties) asks for `null`;
/// assign `.absent` to the projected value to leave the key out.
@propertyWrapper
public struct NullableField<Wrapped> {
    /// The field's state: absent, null or a value.
    public var projectedValue: Nullable<Wrapped>

    /// The field as a plain optional.
    public var wrappedValue: Wrapped? {
        get { projectedValue.wrapped }
        set { projectedValue = Nullable(newValue) }
    }

    /// Stores `state`.
    public init(_ state: Nullable<Wrapped>) {
        projectedValue = state
    }

    /// Stores `wrappedValue`; `nil` is ``Nullable/null``.
    public init(wrappedValue: Wrapped?) {
        projectedValue = Nullable(wrappedValue)
    }
}

extension NullableField: Sendable where Wrapped: Sendable {}
extension NullableField: Equatable where Wrapped: Equatable {}
extension NullableField: Hashable where Wrapped: Hashable {}
