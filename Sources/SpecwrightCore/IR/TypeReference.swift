extension IR {
    /// A use of a type: a built-in scalar, a declared type, or a composition of those.
    public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
        /// A scalar the runtime and Foundation know how to code.
        case builtin(BuiltinType)
        /// A type declared in ``API/types`` (or nested in one), by its identity and Swift name.
        case named(TypeName)
        /// `T?`: absent or `null` in JSON.
        case optional(TypeReference)
        /// `[T]`.
        case array(TypeReference)
        /// `[String: T]`: a JSON object with arbitrary keys (OpenAPI `additionalProperties`).
        case dictionary(TypeReference)

        /// The type as Swift source, e.g. `[String: [Book]]?`.
        public var code: String {
            switch self {
            case .builtin(let builtin): builtin.rawValue
            case .named(let name): name.code
            case .optional(let wrapped): wrapped.code + "?"
            case .array(let element): "[" + element.code + "]"
            case .dictionary(let value): "[String: " + value.code + "]"
            }
        }

        /// The type as Swift source.
        public var description: String { code }

        /// Whether the outermost layer is optional.
        public var isOptional: Bool {
            if case .optional = self { return true }
            return false
        }

        /// The type without its outermost `?`.
        public var nonOptional: TypeReference {
            if case .optional(let wrapped) = self { return wrapped }
            return self
        }

        /// The element type when the non-optional type is an array.
        public var arrayElement: TypeReference? {
            if case .array(let element) = nonOptional { return element }
            return nil
        }
    }

    /// Built-in scalar types (raw value: the Swift type name).
    public enum BuiltinType: String, Hashable, Sendable, CaseIterable {
        /// `String`.
        case string = "String"
        /// `Int`.
        case int = "Int"
        /// `Int32` (OpenAPI `int32`).
        case int32 = "Int32"
        /// `Int64`.
        case int64 = "Int64"
        /// `Float` (OpenAPI `float`).
        case float = "Float"
        /// `Double`.
        case double = "Double"
        /// `Bool`.
        case bool = "Bool"
        /// `Date`, coded per ``Service/dates``.
        case date = "Date"
        /// A day without time or time zone (OpenAPI `format: date`), the runtime's `CalendarDate`.
        case calendarDate = "CalendarDate"
        /// `UUID`.
        case uuid = "UUID"
        /// `URL`.
        case url = "URL"
        /// `Data`: base64 in JSON, raw bytes as a body or response.
        case data = "Data"
        /// The runtime's `FilePart` (bytes or a file on disk, a file name and a content type): a
        /// file field of a multipart body. Never coded as JSON.
        case file = "FilePart"
    }
}
