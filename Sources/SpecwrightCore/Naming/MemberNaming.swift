import SpecwrightYAML

/// Names the members of one scope (an object's properties, an enum's cases) for a front end and
/// records each name as a request (``MemberNameRequests``), which the naming pass replays to
/// decide the final names; keeps every rename with where its name is written, so a front end can
/// name members more than once (for defaults and batch keys) and warn about each rename exactly
/// once.
struct MemberNaming {
    /// A name that had to change, and where the spec writes it.
    struct Rename {
        /// The warning text (``NameScope/renameMessage(_:_:)``).
        let message: DiagnosticText
        /// Where the renamed name is written.
        let location: SourceLocation
    }

    var scope: NameScope
    private(set) var names: [IR.Identifier] = []
    private(set) var renames: [Rename] = []
    /// What the scope asked for, for the naming pass.
    private(set) var requests: MemberNameRequests.Scope

    /// A scope naming the members of `owner`, with `reserved` taken, and with `typeNames` (the
    /// module's type names, by identity) taken too when given.
    init(_ owner: MemberNameRequests.Owner, reserved: [String], typeNames: MemberNameRequests.TypeNames? = nil) {
        scope = NameScope(reserved: reserved, shared: typeNames?.names ?? [])
        requests = MemberNameRequests.Scope(owner: owner, reserved: reserved, reservesTypeNames: typeNames != nil)
    }

    /// The rename of the last name, if it is not the one wanted.
    var lastRename: (wanted: String, given: String)? { scope.lastRename }

    /// Announces spellings that win their identifiers (``NameScope/expect(_:)``).
    mutating func expect(_ spellings: [String]) {
        scope.expect(spellings)
        requests.expected += spellings
    }

    /// Names the member `raw` (a lower-camel-case identifier, `fallback` without letters); a
    /// rename is warned about as `what` (+ `suffix`) at `location`.
    @discardableResult
    mutating func name(
        _ raw: String, fallback: String, what: DiagnosticText? = nil, at location: SourceLocation? = nil,
        suffix: String = ""
    ) -> IR.Identifier {
        let name = scope.identifier(for: raw, style: .member, fallback: fallback)
        let warning = what.flatMap { what in
            location.map { MemberNameRequests.Warning(what: what, location: $0, suffix: suffix) }
        }
        if let rename = scope.lastRename, let warning {
            renames.append(Rename(message: NameScope.renameText(warning.what, rename), location: warning.location))
        }
        names.append(name)
        requests.requests.append(
            MemberNameRequests.Request(
                spelling: .converted(raw, fallback: fallback), warning: warning, provisional: name,
                provisionalRename: scope.lastRename))
        return name
    }

    /// Claims the enum's catch-all case (``NameScope/claimCatchAll()``), once its values are named.
    mutating func claimCatchAll() -> IR.Identifier {
        let name = scope.claimCatchAll()
        requests.requests.append(
            MemberNameRequests.Request(spelling: .catchAll, warning: nil, provisional: name, provisionalRename: nil))
        return name
    }
}
