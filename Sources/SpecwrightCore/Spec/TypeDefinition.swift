import SpecwrightYAML

/// A type declared under `types:`: an object with properties or a string enum.
public struct TypeDefinition: Hashable, Sendable {
    /// What kind of type it is.
    public enum Kind: Hashable, Sendable {
        /// An object (`properties:`), properties in spec order.
        case object([Property])
        /// A string enum (`enum: [...]`), cases in spec order. Unknown server values decode
        /// to `.unknown("…")` in generated code.
        case enumeration([EnumCase])
    }

    /// The name as written in the spec (also the name type expressions use).
    public let name: String
    /// The doc text.
    public let description: String?
    /// Object or enum.
    public let kind: Kind
    /// Where the type's name is written.
    public let location: SourceLocation

    /// The properties of an object type (empty for an enum).
    public var properties: [Property] {
        if case .object(let properties) = kind { return properties }
        return []
    }

    /// The cases of an enum type (empty for an object).
    public var enumCases: [EnumCase] {
        if case .enumeration(let cases) = kind { return cases }
        return []
    }

    /// Whether this is a string enum.
    public var isEnum: Bool {
        if case .enumeration = kind { return true }
        return false
    }
}

/// A property of an object type.
public struct Property: Hashable, Sendable {
    /// The name as written in the spec.
    public let name: String
    /// The property's type.
    public let type: TypeUse
    /// The explicit JSON key (`key:`), if any; see ``jsonKey(style:)``.
    public let key: String?
    /// The doc text.
    public let description: String?
    /// The default used when the JSON lacks the key (already checked to fit ``type``).
    public let defaultValue: Located<LiteralValue>?
    /// Where the property's name is written.
    public let location: SourceLocation
    /// What `nil` is in a JSON object this client sends (`null:`); only for optional types.
    public var null: Located<NullHandling>? = nil

    /// The JSON key: the explicit `key:` or the name converted by the spec's `jsonKeys:` style.
    public func jsonKey(style: JSONKeyStyle) -> String {
        key ?? style.jsonKey(for: name)
    }
}

/// What an optional property's `nil` becomes in a JSON object the client sends (`null:`).
public enum NullHandling: String, Hashable, Sendable, CaseIterable {
    /// The key is left out (the default).
    case omit
    /// `null` is sent: the key is always present.
    case send
    /// The caller chooses, per value: left out, `null` or a value (the runtime's `Nullable`).
    case choose
}

/// One value of a string enum.
public struct EnumCase: Hashable, Sendable {
    /// The raw value as sent on the wire.
    public let value: String
    /// Where it is written.
    public let location: SourceLocation
}
