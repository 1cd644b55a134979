import Foundation

extension IR {
    /// A declared type's identity: where the front end found its definition, whatever Swift name
    /// it is given.
    ///
    /// The front ends make it from the document: a spec type is `#/types/Book`, an OpenAPI
    /// component schema `#/components/schemas/Pet` (JSON pointer spelling), an inline schema the
    /// place it is written (`api.yaml:12:9`); a type a pass adds derives its identity from the
    /// one it serves (the recursion box of `Node` is `#/components/schemas/Node#indirect`). The
    /// passes and the importer's own bookkeeping key types by it, never by Swift name, so a
    /// rename (`Error` → `ErrorModel`) changes what is written and nothing else.
    public struct TypeID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The identity as text (a path or a location).
        public let path: String

        /// An identity spelled `path`.
        public init(_ path: String) {
            self.path = path
        }

        /// The definition at a JSON pointer of the document (`#/components/schemas/Pet`): each
        /// token escaped (`~` → `~0`, `/` → `~1`).
        public static func pointer(_ tokens: String...) -> TypeID {
            TypeID(
                "#"
                    + tokens.map {
                        "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                    }
                    .joined())
        }

        /// A type the runtime declares (`JSONValue`): referenced, never declared by the output.
        public static func runtime(_ name: String) -> TypeID { TypeID("runtime:" + name) }

        /// The identity of a type a pass adds for this one, e.g. its recursion box.
        public func derived(_ role: String) -> TypeID { TypeID(path + "#" + role) }

        /// The identity as text.
        public var description: String { path }

        /// Orders by ``path``.
        public static func < (lhs: TypeID, rhs: TypeID) -> Bool { lhs.path < rhs.path }
    }

    /// A declared type as a declaration names it and a ``TypeReference`` refers to it: its
    /// identity and its Swift name.
    ///
    /// Two type names are equal when their Swift names are: within one API an identity has one
    /// Swift name and a Swift name one identity, and between two versions of an API (`specwright
    /// diff`, where an inline schema's identity moves with its line) the name is what callers see.
    /// ``name`` and ``code`` are the Swift name's, for the renderer.
    public struct TypeName: Hashable, Sendable, CustomStringConvertible {
        /// What the type is (see ``TypeID``).
        public let id: TypeID
        /// Its Swift name.
        public var identifier: Identifier

        /// The type `id`, written `identifier`.
        public init(id: TypeID, identifier: Identifier) {
            self.id = id
            self.identifier = identifier
        }

        /// The Swift name without backticks.
        public var name: String { identifier.name }
        /// The Swift name as written in source.
        public var code: String { identifier.code }
        /// The Swift name as written in source.
        public var description: String { code }

        /// Equal Swift names.
        public static func == (lhs: TypeName, rhs: TypeName) -> Bool { lhs.identifier == rhs.identifier }

        /// Hashes the Swift name.
        public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    }
}
