import SpecwrightYAML

/// The method names an OpenAPI document's operations ask for, group by group in the order the
/// importer names them: the requests the naming pass replays over the operations the filter kept
/// (``TypeNaming/namingEndpoints(in:requests:)``), so a kept operation no longer keeps the name
/// it was given because an operation left out took the one it wanted (`getPetValue` once `getPet`
/// is left out). An endpoint is known here by the `operationName` the importer gave it (unique in
/// the API). A spec's endpoints record none: the validator rejects names that collide, so only
/// reserved words rename them, whatever the filter keeps.
struct EndpointNameRequests: Sendable {
    /// One operation's request.
    struct Request: Sendable {
        /// The `operationName` the front end gave the endpoint: its identity in the pass.
        let operationName: String
        /// The raw name: the operationId, else `method path`.
        let raw: String
        /// The idiomatic name (the operationId without a framework's suffix, ``OperationName``)
        /// when the config asks for idiomatic names and there is one.
        let idiomatic: String?
        /// Where a rename is warned about.
        let location: SourceLocation
        /// The name the front end was given, and its warning (without the kind suffix).
        let provisional: IR.Identifier
        let provisionalWarning: String?
    }

    /// The operations of one group.
    struct Scope: Sendable {
        /// The group's property name.
        let group: String
        /// The names the scope reserves (endpoint requirements, the component type names).
        let reserved: [String]
        var requests: [Request] = []
    }

    /// The scopes, in the order the groups were named.
    private(set) var scopes: [Scope] = []

    /// Starts the scope of `group`.
    mutating func open(group: String, reserved: [String]) {
        scopes.append(Scope(group: group, reserved: reserved))
    }

    /// Adds `request` to the last scope.
    mutating func add(_ request: Request) {
        scopes[scopes.count - 1].requests.append(request)
    }

    /// Names an operation in `scope` — the `idiomatic` name unless it is taken, else `raw` made
    /// Swift — and says why when it is not the name wanted (the importer's `naming` warning).
    static func name(raw: String, idiomatic wanted: String?, in scope: inout NameScope) -> (
        name: IR.Identifier, warning: String?
    ) {
        if let wanted {
            if !scope.contains(wanted) { return (scope.claim(wanted), nil) }
            let name = scope.identifier(for: raw, style: .member, fallback: "call")
            return (
                name, "operation '\(raw)' would be named '\(wanted)', which is taken; it is generated as '\(name.name)'"
            )
        }
        let name = scope.identifier(for: raw, style: .member, fallback: "call")
        if let wanted = SwiftName.lowerCamelCase(raw), wanted != name.name,
            !NameScope.reservedEndpointNames.contains(wanted)
        {
            return (
                name, "operation '\(raw)' has the same Swift name as an earlier one; it is generated as '\(name.name)'"
            )
        }
        return (name, nil)
    }
}
