/// Hands out collision-free ``IR/Identifier``s within one Swift scope (the types of a module,
/// the members of a type, the parameters of a method, …).
///
/// Names come from ``SwiftName`` (the one place that turns spec text into identifiers); the
/// scope adds what only the generator knows: names the generated code itself declares in that
/// scope are reserved, and a name that is taken gets the smallest free numeric suffix
/// (`unknown` → `unknown2`), so resolution depends only on the order names are claimed in,
/// which follows the spec. Collisions between names the spec itself declares are reported as
/// errors by the spec validator before generation starts.
public struct NameScope: Sendable {
    /// Which case convention a spec name is converted to.
    public enum Style: Sendable {
        /// Types: `UpperCamelCase`.
        case type
        /// Members, cases, parameters: `lowerCamelCase`.
        case member
    }

    /// Names taken before the scope opened; shared between scopes, never mutated (so opening
    /// a scope per type or endpoint costs nothing, even with thousands of type names).
    private let shared: Set<String>
    private let reserved: Set<String>
    private var taken: Set<String> = []
    /// For a candidate claimed with a suffix before: the suffix to try first next time. Every
    /// smaller suffix was taken then and stays taken (names are never released), so starting
    /// there gives the same name as counting from 2, and claiming `n` equal names costs O(n).
    private var nextSuffix: [String: Int] = [:]

    /// A scope in which `reserved` names are already taken.
    public init(reserved: some Sequence<String> = [String]()) {
        self.init(reserved: reserved, shared: [])
    }

    /// A scope in which the names in `reserved` and in `shared` are already taken. `shared` is
    /// not copied, so one large set (e.g. every type name) can back many scopes cheaply.
    public init(reserved: some Sequence<String>, shared: Set<String>) {
        self.shared = shared
        self.reserved = Set(reserved)
    }

    /// Whether `name` (unescaped) is already taken.
    public func contains(_ name: String) -> Bool {
        taken.contains(name) || reserved.contains(name) || shared.contains(name)
    }

    /// The identifier for a spec name: converted in `style`, `fallback` when the name has no
    /// ASCII letter or digit (empty, only symbols or non-Latin script), made unique.
    public mutating func identifier(for raw: String, style: Style, fallback: String) -> IR.Identifier {
        let converted: String? =
            switch style {
            case .type: SwiftName.upperCamelCase(raw)
            case .member: SwiftName.lowerCamelCase(raw)
            }
        return claim(converted ?? fallback)
    }

    /// Claims `candidate` (already a valid identifier), or `candidate2`, `candidate3`, … if taken.
    public mutating func claim(_ candidate: String) -> IR.Identifier {
        var name = candidate
        if contains(name) {
            var suffix = nextSuffix[candidate] ?? 2
            repeat {
                name = candidate + String(suffix)
                suffix += 1
            } while contains(name)
            nextSuffix[candidate] = suffix
        }
        taken.insert(name)
        return IR.Identifier(validated: name, code: SwiftName.escaped(name))
    }

    /// `candidate` (already a valid identifier) as an identifier that needs no uniqueness check.
    public static func standalone(_ candidate: String) -> IR.Identifier {
        IR.Identifier(validated: candidate, code: SwiftName.escaped(candidate))
    }
}

extension NameScope {
    /// Type names the generated code (or the modules it imports) already uses; a spec type with
    /// one of these names gets a numeric suffix so it cannot shadow them.
    public static let reservedTypeNames: [String] = [
        // Swift and Foundation
        "Any", "Array", "Bool", "Codable", "CodingKey", "CodingKeys", "Data", "Date", "Decodable",
        "Decoder", "DecodingError", "Dictionary", "Double", "Encodable", "Encoder", "EncodingError",
        "Error", "Float", "Hashable", "Int", "Int32", "Int64", "Never", "Optional", "Protocol",
        "RawRepresentable", "Result", "Self", "Sendable", "String", "Swift", "Foundation", "Type",
        "URL", "UUID", "Void",
        // Swift concurrency: a type named `Task` would take `Task { … }` from every file of the module.
        "Task",
        // Declared inside generated types
        "DiscriminatorKeys",
        // SpecwrightRuntime
        "SpecwrightRuntime", "APIClient", "APIResponse", "AuthRequirement", "AuthScheme", "BatchLoader",
        "BatchOptions", "CachePolicy", "ClientConfiguration", "DateCoding", "Endpoint", "EndpointOptions",
        "EnvelopeFormat", "FormField", "HTTPHeader", "HTTPMethod", "MultipartPart", "QueryParameters",
        "QueryValue", "QueryValueConvertible", "RequestBody", "RetryPolicy", "ServiceDescription",
        "SpecwrightError", "TypedErrorBody", "CalendarDate", "EncodedHashable", "EncodedValue", "FieldDecoder",
        "FieldKey", "FormFields", "JSONValue", "OpenIntegerEnum", "OpenStringEnum", "UnionDecoding",
        "FormObjectStyle", "RequiredNullable", "Nullable", "NullableField", "DefaultArguments", "CacheOverride", "AsyncThrowingStream",
        "BatchReuse", "FilePart", "ResponseWithHeaders", "HTTPFields",
    ]

    /// Members every generated enum already declares (`rawValue`, the catch-all case, …).
    public static let reservedEnumCaseNames = ["rawValue", "hashValue", "queryValue", "init", "encode", "hash"]

    /// Members every generated struct already declares, and `self` (a memberwise `init`
    /// parameter named `self` would hide the instance).
    public static let reservedPropertyNames = ["hashValue", "self"]

    /// Members of generated endpoint enums and group clients that endpoint names must not take.
    public static let reservedEndpointNames = [
        "operationName", "method", "operationRoute", "pathSegments", "query", "headers", "body", "options",
        "errorBodies", "client", "init", "self", "Self", "Type", "Protocol",
    ]

    /// Local names generated method bodies use, which parameters must not shadow.
    public static let reservedParameterNames = ["queryItems", "headerFields", "formFields", "multipartParts", "chunk", "self", "Self", "Type", "Protocol"]

    /// Members of the root client type that group properties must not take.
    public static let reservedGroupNames = ["client", "service", "init", "self", "Self", "Type", "Protocol"]
}
