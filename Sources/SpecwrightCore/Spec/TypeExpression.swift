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
    /// The runtime's `FilePart` (bytes or a file on disk, a file name and a content type the
    /// caller chooses): only the type of a `multipart` field (`FilePart`, `FilePart?`, `[FilePart]`).
    case file = "FilePart"

    /// The built-in type spelled `text`, or nil: like `init(rawValue:)` without the generic
    /// string switch (a dispatch on the first byte, then one comparison or two).
    public static func named(_ text: String) -> PrimitiveType? {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.count <= 8 else { return nil }
        switch first {
        case UInt8(ascii: "S"): return text == "String" ? .string : nil
        case UInt8(ascii: "I"): return text == "Int" ? .int : (text == "Int64" ? .int64 : nil)
        case UInt8(ascii: "D"):
            if text == "Double" { return .double }
            if text == "Date" { return .date }
            return text == "Data" ? .data : nil
        case UInt8(ascii: "B"): return text == "Bool" ? .bool : nil
        case UInt8(ascii: "F"): return text == "FilePart" ? .file : nil
        case UInt8(ascii: "U"): return text == "UUID" ? .uuid : (text == "URL" ? .url : nil)
        default: return nil
        }
    }
}

/// A parsed type expression in Swift syntax: `String`, `Book`, `T?`, `[T]`, `[String: T]`, nested.
///
/// Only the wrapping cases are `indirect`: a bare built-in or named type (most uses in a spec)
/// is stored inline, without a heap box.
public enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type.
    case primitive(PrimitiveType)
    /// A type declared under `types:`.
    case named(String)
    /// `T?`
    indirect case optional(TypeExpression)
    /// `[T]`
    indirect case array(TypeExpression)
    /// `[String: T]` (keys are always `String`).
    indirect case dictionary(TypeExpression)

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

    /// Whether `primitive` appears anywhere in the expression.
    public func mentions(_ primitive: PrimitiveType) -> Bool {
        switch self {
        case .primitive(let own): own == primitive
        case .named: false
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.mentions(primitive)
        }
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
    /// The named types of a use. Nearly every use names none or one, which are stored without
    /// an array (a large spec has tens of thousands of uses).
    enum References: Hashable, Sendable {
        case none
        case one(Located<String>)
        case many([Located<String>])

        init(_ list: [Located<String>]) {
            switch list.count {
            case 0: self = .none
            case 1: self = .one(list[0])
            default: self = .many(list)
            }
        }
    }

    /// The parsed expression.
    public let expression: TypeExpression
    /// Where the expression starts in the spec.
    public let location: SourceLocation
    /// The references, compactly.
    let storedReferences: References

    /// Every named (non-built-in) type the expression mentions, located at the name itself.
    public var references: [Located<String>] {
        switch storedReferences {
        case .none: []
        case .one(let reference): [reference]
        case .many(let list): list
        }
    }

    /// Creates a type use.
    public init(expression: TypeExpression, location: SourceLocation, references: [Located<String>]) {
        self.init(expression: expression, location: location, storedReferences: References(references))
    }

    init(expression: TypeExpression, location: SourceLocation, storedReferences: References) {
        self.expression = expression
        self.location = location
        self.storedReferences = storedReferences
    }

    /// Calls `body` with each reference in order, without building a list.
    func forEachReference(_ body: (Located<String>) -> Void) {
        switch storedReferences {
        case .none: break
        case .one(let reference): body(reference)
        case .many(let list): list.forEach(body)
        }
    }

    /// The expression in Swift syntax.
    public var description: String { expression.description }
}
