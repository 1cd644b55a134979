import SpecwrightYAML

/// The built-in types a spec can name.
public enum PrimitiveType: String, Hashable, Sendable, CaseIterable {
    /// `String`.
    case string = "String"
    /// `Int`.
    case int = "Int"
    /// `Int64`.
    case int64 = "Int64"
    /// `Double`.
    case double = "Double"
    /// `Bool`.
    case bool = "Bool"
    /// `Date`, coded per the spec's `dates:`.
    case date = "Date"
    /// `UUID`.
    case uuid = "UUID"
    /// `URL`.
    case url = "URL"
    /// `Data` (base64 in JSON).
    case data = "Data"
}

/// A parsed type expression in Swift syntax: `String`, `Book`, `T?`, `[T]`, `[String: T]`, nested.
public indirect enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type.
    case primitive(PrimitiveType)
    /// A type declared under `types:`.
    case named(String)
    /// `T?`
    case optional(TypeExpression)
    /// `[T]`
    case array(TypeExpression)
    /// `[String: T]` (keys are always `String`).
    case dictionary(TypeExpression)

    /// The expression in Swift syntax, e.g. `[String: [Book]]?`.
    public var description: String {
        switch self {
        case .primitive(let primitive): primitive.rawValue
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        }
    }

    /// Whether the outermost layer is `?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The expression without an outermost `?`.
    public var nonOptional: TypeExpression {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The element type if the (non-optional) expression is an array.
    public var arrayElement: TypeExpression? {
        if case .array(let element) = nonOptional { return element }
        return nil
    }
}

/// A type expression as used at one place in a spec (a property, parameter, body, response or
/// error type), with its location and the located names it references.
public struct TypeUse: Hashable, Sendable, CustomStringConvertible {
    /// The parsed expression.
    public let expression: TypeExpression
    /// Where the expression starts in the spec.
    public let location: SourceLocation
    /// Every named (non-built-in) type the expression mentions, located at the name itself.
    public let references: [Located<String>]

    /// Creates a type use.
    public init(expression: TypeExpression, location: SourceLocation, references: [Located<String>]) {
        self.expression = expression
        self.location = location
        self.references = references
    }

    /// The expression in Swift syntax.
    public var description: String { expression.description }
}
