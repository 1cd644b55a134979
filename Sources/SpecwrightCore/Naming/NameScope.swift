/// Hands out collision-free ``IR/Identifier``s within one Swift scope (the types of a module,
/// the members of a type, the parameters of a method, …).
///
/// Names come from ``SwiftName`` (the one place that turns spec text into identifiers); the
/// scope adds what only the generator knows: names the generated code itself declares in that
/// scope are reserved, and a name that is taken gets a word appended (``renameSuffixes``:
/// `Error` → `ErrorModel`, `query` → `queryValue`), never a digit the spec did not write; only
/// when every word is taken too does a numeric suffix remain. Resolution depends only on the
/// order names are claimed in, which follows the spec, except that a name written exactly as its
/// identifier wins that identifier over names converted to it (``expect(_:)``: of properties
/// `Type` and `type`, `type` keeps `type`). Every rename is recorded
/// (``lastRename``) so the front ends can warn about it where the name was written. Collisions
/// between names the spec itself declares are reported as errors by the spec validator before
/// generation starts.
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
    /// For a candidate claimed with a numeric suffix before: the suffix to try first next time.
    /// Every smaller suffix was taken then and stays taken (names are never released), so
    /// starting there gives the same name as counting from 2, and claiming `n` equal names costs O(n).
    private var nextSuffix: [String: Int] = [:]
    /// The spec names this scope will be asked for (``expect(_:)``): one that is its own
    /// identifier keeps it even when a name converted to the same identifier comes first.
    private var expected: Set<String> = []
    /// The words appended, in order, to a name that is taken.
    public let renameSuffixes: [String]
    /// The name the last ``claim(_:)`` wanted and the one it gave, when they differ.
    public private(set) var lastRename: (wanted: String, given: String)?

    /// A scope in which `reserved` names are already taken.
    public init(reserved: some Sequence<String> = [String](), renameSuffixes: [String] = NameScope.memberSuffixes) {
        self.init(reserved: reserved, shared: [], renameSuffixes: renameSuffixes)
    }

    /// A scope in which the names in `reserved` and in `shared` are already taken. `shared` is
    /// not copied, so one large set (e.g. every type name) can back many scopes cheaply.
    public init(
        reserved: some Sequence<String>, shared: Set<String>, renameSuffixes: [String] = NameScope.memberSuffixes
    ) {
        self.shared = shared
        self.reserved = Set(reserved)
        self.renameSuffixes = renameSuffixes
    }

    /// The types a group of endpoints generates, after its name: the endpoint enum
    /// (`BooksEndpoint`), the protocol (`BooksAPI`) and the client that implements it
    /// (`BooksGroup`). None ends like the root client (`BookstoreClient`), so a service named like
    /// one of its groups (service `Feed`, group `feed`) collides with nothing.
    public static let groupTypeSuffixes = ["Endpoint", "API", "Group"]

    /// The names a generated enum's catch-all case tries, in order, after the spec's values
    /// named theirs (a value `unknown` keeps its name).
    public static let catchAllCaseNames = ["unknown", "undocumented", "unrecognized"]

    /// Claims the catch-all case of an enum whose spec values are claimed already.
    public mutating func claimCatchAll() -> IR.Identifier {
        claim(Self.catchAllCaseNames.first { !contains($0) } ?? Self.catchAllCaseNames[0])
    }

    /// The warning for a rename: what was renamed, its Swift name and why.
    public static func renameMessage(_ what: String, _ rename: (wanted: String, given: String)) -> String {
        renameText(DiagnosticText(what), rename).written
    }

    /// ``renameMessage(_:_:)`` for a `what` that quotes Swift types (``DiagnosticText``).
    static func renameText(_ what: DiagnosticText, _ rename: (wanted: String, given: String)) -> DiagnosticText {
        "\(what) is generated as '\(rename.given)': '\(rename.wanted)' is already a Swift, Foundation, runtime or generated name in that scope"
    }

    /// What a taken member name gets appended: `query` → `queryValue`.
    public static let memberSuffixes = ["Value", "Field"]
    /// What a taken type name gets appended: `Error` → `ErrorModel`.
    public static let typeSuffixes = ["Model", "Schema"]

    /// Whether `name` (unescaped) is already taken.
    public func contains(_ name: String) -> Bool {
        taken.contains(name) || reserved.contains(name) || shared.contains(name)
    }

    /// Announces the spec names ``identifier(for:style:fallback:)`` will be asked for in this
    /// scope, in any order: a name that is its own identifier (`type`) then wins it over a name
    /// converted to it (`Type`, `TYPE`, `ty_pe`) whichever comes first; the converted one is
    /// renamed (and warned about) instead.
    public mutating func expect(_ raws: some Sequence<String>) {
        expected.formUnion(raws)
    }

    /// The identifier for a spec name: converted in `style`, `fallback` when the name has no
    /// ASCII letter or digit (empty, only symbols or non-Latin script), made unique.
    public mutating func identifier(for raw: String, style: Style, fallback: String) -> IR.Identifier {
        guard let converted = Self.converted(raw, style: style) else { return claim(fallback) }
        return claim(converted, yieldingToExactSpellings: converted != raw ? style : nil)
    }

    private static func converted(_ raw: String, style: Style) -> String? {
        switch style {
        case .type: SwiftName.upperCamelCase(raw)
        case .member: SwiftName.lowerCamelCase(raw)
        }
    }

    /// Claims `candidate` (already a valid identifier); if it is taken, the first free of
    /// `candidate` + each of ``renameSuffixes``, then of those names with the suffixes chained
    /// (`ErrorModelSchema`), and only then `candidate2`, `candidate3`, … (``lastRename`` says so).
    public mutating func claim(_ candidate: String) -> IR.Identifier {
        claim(candidate, yieldingToExactSpellings: nil)
    }

    /// ``claim(_:)``; with a `style`, names that an expected spec name spells exactly (in that
    /// style) count as taken too.
    private mutating func claim(_ candidate: String, yieldingToExactSpellings style: Style?) -> IR.Identifier {
        var name = candidate
        lastRename = nil
        if isTaken(name, yieldingIn: style) {
            name = worded(candidate, yieldingIn: style) ?? numbered(candidate, yieldingIn: style)
            lastRename = (candidate, name)
        }
        taken.insert(name)
        return IR.Identifier(validated: name, code: SwiftName.escaped(name))
    }

    /// Whether `name` is taken, or (with a `style`) is an expected spec name written exactly so.
    private func isTaken(_ name: String, yieldingIn style: Style?) -> Bool {
        if contains(name) { return true }
        guard let style, expected.contains(name) else { return false }
        return Self.converted(name, style: style) == name
    }

    private func worded(_ candidate: String, yieldingIn style: Style?) -> String? {
        var stems = [candidate]
        for _ in 0..<2 {
            // `hashValue` → `hashValueField` rather than `hashValueValue`.
            let names = stems.flatMap { stem in renameSuffixes.filter { !stem.hasSuffix($0) }.map { stem + $0 } }
            if let free = names.first(where: { !isTaken($0, yieldingIn: style) }) { return free }
            stems = names
        }
        return nil
    }

    private mutating func numbered(_ candidate: String, yieldingIn style: Style?) -> String {
        var suffix = nextSuffix[candidate] ?? 2
        var name: String
        repeat {
            name = candidate + String(suffix)
            suffix += 1
        } while isTaken(name, yieldingIn: style)
        nextSuffix[candidate] = suffix
        return name
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
        "SpecwrightError", "TypedErrorBody", "CalendarDate", "FieldEncoder", "FieldEquality", "FieldDecoder",
        "_GeneratedObject", "_FieldVisitor",
        "FieldKey", "FormFields", "JSONValue", "JSONNull", "OpenIntegerEnum", "OpenStringEnum", "UnionDecoding",
        "FormObjectStyle", "RequiredNullable", "Nullable", "NullableField", "DefaultArguments", "CacheOverride",
        "AsyncThrowingStream",
        "BatchReuse", "FilePart", "ResponseWithHeaders", "HTTPFields"
    ]

    /// Members every generated enum already declares (`rawValue`, the catch-all case, …).
    public static let reservedEnumCaseNames = ["rawValue", "hashValue", "queryValue", "init", "encode", "hash"]

    /// Members every generated struct already declares, and `self` (a memberwise `init`
    /// parameter named `self` would hide the instance).
    public static let reservedPropertyNames = ["hashValue", "self", "_fields"]

    /// Members of generated endpoint enums and group clients that endpoint names must not take.
    public static let reservedEndpointNames = [
        "operationName", "method", "operationRoute", "pathSegments", "percentEncodedPathSegments", "query", "headers",
        "body", "options",
        "errorBodies", "client", "init", "self", "Self", "Type", "Protocol"
    ]

    /// Local names generated method bodies use, which parameters must not shadow.
    public static let reservedParameterNames = [
        "queryItems", "headerFields", "formFields", "multipartParts", "chunk", "self", "Self", "Type", "Protocol"
    ]

    /// Members of the root client type that group properties must not take.
    public static let reservedGroupNames = ["client", "service", "init", "self", "Self", "Type", "Protocol"]
}
