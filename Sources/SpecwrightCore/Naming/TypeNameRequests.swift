import SpecwrightYAML

/// The module-level type names a front end asks for, in the order it asks: the requests the
/// naming pass (``TypeNaming``) assigns the final names from, after the filter and reachability.
///
/// A request says what is named (a ``Target``: a declared type by identity, the client type, a
/// group's types, an endpoint's response-header struct), how its spelling becomes an identifier
/// (converted to `UpperCamelCase`, or taken as written), the parent type whose Swift name an
/// inline type's spelling continues (`Pet` › `status` → `Pet status`, with `Pet` by identity),
/// and where a rename is warned about. The front end gets a provisional name for each request
/// — the name the pass gives when nothing is left out — because member names still read it while
/// translating (`docs/ir.md`, "Passes"); the pass replays the requests over what
/// the filter kept, so a kept type never yields to one of an operation left out.
struct TypeNameRequests: Sendable {
    /// What a type name is for.
    enum Target: Hashable, Sendable {
        /// A declared type (component, inline schema, spec type).
        case type(IR.TypeID)
        /// The root client type (`BookstoreClient`).
        case client
        /// The `role`-th of a group's types (``NameScope/groupTypeSuffixes``), the group by its
        /// property name.
        case groupType(group: String, role: Int)
        /// The response-header struct of an endpoint, by group property and endpoint name.
        case responseHeaders(group: String, endpoint: String)
    }

    /// Where and how a rename of a request is warned about.
    struct Warning: Sendable {
        /// What is named, for ``NameScope/renameMessage(_:_:)`` (`schema 'Error'`).
        let what: String
        /// Where the name is written.
        let location: SourceLocation
        /// Appended to the message (the importer's ` [naming]`).
        let suffix: String

        /// The warning for `rename`.
        func diagnostic(_ rename: (wanted: String, given: String)) -> Diagnostic {
            Diagnostic(.warning, NameScope.renameMessage(what, rename) + suffix, at: location)
        }
    }

    /// One request.
    struct Request: Sendable {
        let target: Target
        /// The spelling the front end asked with (`Pet status`).
        let spelling: String
        /// Whether the spelling is converted (``NameScope/identifier(for:style:fallback:)``) or
        /// claimed as written (``NameScope/claim(_:)``).
        let converts: Bool
        /// The name when the spelling converts to nothing.
        let fallback: String
        /// The type whose Swift name the spelling starts with (`Pet` for `Pet status`), and the
        /// words that follow it (`status`).
        let parent: (id: IR.TypeID, words: String)?
        /// An exact spelling that wins its identifier over names converted to it (component names).
        let isExpected: Bool
        let warning: Warning?
        /// The name the front end was given, and its rename.
        let provisional: IR.Identifier
        let provisionalRename: (wanted: String, given: String)?
    }

    private(set) var requests: [Request] = []
    private var scope = Self.moduleScope()
    /// The member names the front end asked for, which the pass decides after the type names.
    var members = MemberNameRequests()
    /// The operations' method names (OpenAPI), which the pass decides before the type names.
    var endpoints = EndpointNameRequests()

    /// The module's type scope: Swift, Foundation and runtime names reserved.
    static func moduleScope() -> NameScope {
        NameScope(reserved: NameScope.reservedTypeNames, renameSuffixes: NameScope.typeSuffixes)
    }

    /// The rename of the last request, if its name is not the one wanted.
    var lastRename: (wanted: String, given: String)? { requests.last?.provisionalRename }

    /// Whether `name` is a type name already.
    func contains(_ name: String) -> Bool { scope.contains(name) }

    /// Announces exact spellings that win their identifiers (``NameScope/expect(_:)``).
    mutating func expect(_ spellings: some Sequence<String>) { scope.expect(spellings) }

    /// Requests a name for `target` from `spelling`, converted to `UpperCamelCase` (`fallback`
    /// when it has no letter or digit). With a `parent` whose Swift name the spelling starts with
    /// (`Pet status`), the name follows the parent's final name.
    mutating func name(
        _ target: Target, converting spelling: String, fallback: String, parent: IR.TypeName? = nil,
        expected: Bool = false, warning: Warning? = nil
    ) -> IR.Identifier {
        let given = scope.identifier(for: spelling, style: .type, fallback: fallback)
        let continued = parent.flatMap { parent in
            spelling.hasPrefix(parent.name + " ") ? (parent.id, String(spelling.dropFirst(parent.name.count + 1))) : nil
        }
        return record(
            Request(
                target: target, spelling: spelling, converts: true, fallback: fallback, parent: continued,
                isExpected: expected, warning: warning, provisional: given, provisionalRename: scope.lastRename))
    }

    /// Requests `identifier` (already a valid identifier) for `target`, as written.
    mutating func name(_ target: Target, exactly identifier: String, warning: Warning? = nil) -> IR.Identifier {
        let given = scope.claim(identifier)
        return record(
            Request(
                target: target, spelling: identifier, converts: false, fallback: identifier, parent: nil,
                isExpected: false, warning: warning, provisional: given, provisionalRename: scope.lastRename))
    }

    /// Requests a name converted from `spelling`, else `identifier` as written, warned about as
    /// `what` at `location` (message + `suffix`) when renamed.
    mutating func name(
        _ target: Target, converting spelling: String?, exactly identifier: String?, fallback: String, expected: Bool,
        warning what: String, at location: SourceLocation, suffix: String
    ) -> IR.Identifier {
        let warning = Warning(what: what, location: location, suffix: suffix)
        guard let spelling else { return name(target, exactly: identifier ?? fallback, warning: warning) }
        return name(target, converting: spelling, fallback: fallback, expected: expected, warning: warning)
    }

    /// These requests with the targets (and spellings) `retargeted` gives: the response-header
    /// structs of endpoints the pass renamed (spelled after the final name) or the filter left out.
    func retargeting(_ retargeted: [Target: (target: Target, spelling: String?)]) -> TypeNameRequests {
        var result = self
        result.requests = requests.map { request in
            guard let new = retargeted[request.target] else { return request }
            return Request(
                target: new.target, spelling: new.spelling ?? request.spelling, converts: request.converts,
                fallback: request.fallback, parent: request.parent, isExpected: request.isExpected,
                warning: request.warning, provisional: request.provisional,
                provisionalRename: request.provisionalRename)
        }
        return result
    }

    private mutating func record(_ request: Request) -> IR.Identifier {
        requests.append(request)
        return request.provisional
    }
}
