import SpecwrightYAML

/// The member names a front end asks for — the properties of each object, the cases of each
/// enum — scope by scope in the order it asks: the requests the naming pass decides those names
/// from (``TypeNaming/namingMembers(in:requests:typeNames:)``), after the type names.
///
/// A scope (``Scope``, recorded by ``MemberNaming``) says whose members it names (a type, by
/// identity), the names it reserves (what every generated struct or enum declares), whether it
/// also reserves the module's type names (a spec member spelled like a type, `_2fa`, would hide
/// it: ``TypeNames``, by identity) and which spellings win their identifiers
/// (``NameScope/expect(_:)``). A request holds the spelling, its fallback and where a rename is
/// warned about. The front end gets a provisional name for each request — what the pass gives
/// when the reserved type names are the ones it read — because its defaults, batch keys and
/// fixed values name members while it translates.
struct MemberNameRequests: Sendable {
    /// Whose members a scope names.
    enum Owner: Hashable, Sendable {
        /// The properties of a struct (and its additional-properties member).
        case properties(IR.TypeID)
        /// The cases of a string or integer enum (and its catch-all case).
        case cases(IR.TypeID)
    }

    /// The module's type names a scope reserves: by identity, with the names they had then.
    struct TypeNames: Sendable {
        private(set) var types: [IR.TypeName] = []
        /// The names, for ``NameScope``'s shared set.
        private(set) var names: Set<String> = []

        /// Adds `type`.
        mutating func insert(_ type: IR.TypeName) {
            types.append(type)
            names.insert(type.name)
        }
    }

    /// Where and how a rename is warned about.
    struct Warning: Sendable {
        /// What is named (`property 'x' of 'Pet'`), quoting types by identity.
        let what: DiagnosticText
        /// Where the name is written.
        let location: SourceLocation
        /// Appended to the message (the importer's ` [naming]`).
        let suffix: String

        /// The warning for `rename`.
        func diagnostic(_ rename: (wanted: String, given: String)) -> Diagnostic {
            Diagnostic(.warning, quoting: "\(NameScope.renameText(what, rename))\(suffix)", at: location)
        }
    }

    /// One request.
    struct Request: Sendable {
        /// A spelling converted to `lowerCamelCase` (with its fallback), or an enum's catch-all.
        enum Spelling: Sendable {
            case converted(String, fallback: String)
            case catchAll
        }

        let spelling: Spelling
        let warning: Warning?
        /// The name the front end was given, and its rename.
        let provisional: IR.Identifier
        let provisionalRename: (wanted: String, given: String)?
    }

    /// One scope's requests.
    struct Scope: Sendable {
        let owner: Owner
        let reserved: [String]
        /// Whether the module's type names (``MemberNameRequests/typeNames``) are taken too.
        let reservesTypeNames: Bool
        var expected: [String] = []
        var requests: [Request] = []
    }

    /// The scopes, in the order they were named.
    private(set) var scopes: [Scope] = []
    /// The type names the scopes that reserve type names reserve.
    var typeNames = TypeNames()

    /// Records what `naming` asked for.
    mutating func add(_ naming: MemberNaming) {
        scopes.append(naming.requests)
    }
}
