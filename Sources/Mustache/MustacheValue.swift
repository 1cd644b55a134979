/// A value a template is rendered against: the Mustache "context" model.
///
/// Templates are logic-less, so the model is deliberately small: scalars, lists and
/// objects (name lookup only). Generators build these from their own data (for
/// Specwright: from the IR), so templates never see Swift types.
public enum MustacheValue: Sendable, Hashable {
    /// No value: renders as the empty string and is falsey in sections.
    case null
    /// A boolean: `true` renders a section once, `false` skips it.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string; the empty string is truthy, like every string.
    case string(String)
    /// A list: a section renders once per element; an empty list is falsey.
    case list([MustacheValue])
    /// An object whose keys are looked up by name.
    case object([String: MustacheValue])

    /// Whether a section over this value renders (inverted sections render when it is `false`).
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        case .int, .double, .string, .object: true
        }
    }

    /// The text an interpolation tag writes for this value (before escaping).
    public var renderedText: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { String(Int64(value)) } else { String(value) }
        case .string(let value): value
        case .list, .object: ""
        }
    }

    /// The member named `key` when this value is an object, otherwise `nil`.
    public subscript(key: String) -> MustacheValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// An integer value from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// A floating-point value from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// A list value from a literal.
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// An object value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// The null value from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
