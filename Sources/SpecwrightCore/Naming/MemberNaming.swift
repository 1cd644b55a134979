import SpecwrightYAML

/// Names the members of one scope (an object's properties, an enum's cases) and keeps every
/// rename with where its name is written, so a front end can name members more than once (for
/// defaults and batch keys) and warn about each rename exactly once.
struct MemberNaming {
    /// A name that had to change, and where the spec writes it.
    struct Rename {
        /// The warning text (``NameScope/renameMessage(_:_:)``).
        let message: String
        /// Where the renamed name is written.
        let location: SourceLocation
    }

    var scope: NameScope
    private(set) var names: [IR.Identifier] = []
    private(set) var renames: [Rename] = []

    init(scope: NameScope) {
        self.scope = scope
    }

    /// Names the member `raw` (a lower-camel-case identifier, `fallback` without letters).
    mutating func name(_ raw: String, fallback: String, what: String, at location: SourceLocation) {
        names.append(scope.identifier(for: raw, style: .member, fallback: fallback))
        if let rename = scope.lastRename {
            renames.append(Rename(message: NameScope.renameMessage(what, rename), location: location))
        }
    }
}
