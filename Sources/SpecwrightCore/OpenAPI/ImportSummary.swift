/// What an OpenAPI import produced and what it skipped: printed after `generate`/`validate`
/// and recorded in `docs/openapi.md`.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    /// Operations that became endpoints.
    public var operationsGenerated = 0
    /// Type declarations generated (component and inline schemas, helper types).
    public var schemasGenerated = 0
    /// Skipped constructs by kind (each one also produced a located warning).
    public var skipped: [ImportWarningKind: Int] = [:]
    /// Operations left out by the generation config's `filter` (not counted as skipped).
    public var operationsFilteredOut = 0

    /// Creates an empty summary.
    public init() {}

    /// The total number of skipped constructs.
    public var skippedCount: Int { skipped.values.reduce(0, +) }

    /// `N operations, M schemas, K skipped (kind: n, …)`, kinds in a fixed order, then the
    /// operations a filter left out, if any.
    public var description: String {
        var text = "\(operationsGenerated) operations, \(schemasGenerated) schemas, \(skippedCount) skipped"
        let parts = ImportWarningKind.allCases.compactMap { kind in skipped[kind].map { "\(kind.rawValue): \($0)" } }
        if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        if operationsFilteredOut > 0 { text += ", \(operationsFilteredOut) operations left out by the filter" }
        return text
    }
}

/// The kinds of unsupported constructs the importer warns about and skips.
public enum ImportWarningKind: String, Hashable, Sendable, CaseIterable {
    /// A `$ref` to another file or URL, or to a place that does not exist.
    case unresolvedReference = "unresolved-ref"
    /// A cookie parameter.
    case cookieParameter = "cookie-parameter"
    /// A parameter style or type that cannot be sent (deepObject, objects in the query, …).
    case parameterStyle = "parameter-style"
    /// A request or response media type with no mapping (XML, …).
    case mediaType = "media-type"
    /// An operation with a method the runtime does not send (OPTIONS, TRACE).
    case method = "method"
    /// Callbacks.
    case callback = "callback"
    /// Webhooks (3.1).
    case webhook = "webhook"
    /// Links.
    case link = "link"
    /// Response headers (not exposed by the generated methods).
    case responseHeader = "response-header"
    /// Status ranges such as `4XX`.
    case statusRange = "status-range"
    /// A security scheme that maps to nothing (basic auth, mutual TLS, cookie API keys).
    case security = "security"
    /// Schema keywords without a Swift mapping (`not`, `if`/`then`, several types, extra properties next to properties …).
    case schema = "schema"
    /// A name that had to change (operations whose names collide once made Swift, …).
    case naming = "naming"
    /// A document that breaks a rule of the OpenAPI specification where a client does not depend
    /// on it (unknown fields, `example` next to `examples`, `allowReserved` outside the query …).
    case structure = "structure"
}
