extension IR {
    /// A valid Swift identifier, produced only by the naming component (``NameScope``).
    ///
    /// ``name`` is the identifier itself (what collision checks compare); ``code`` is how it is
    /// written in source — in backticks when it is a keyword. Templates always use ``code``.
    public struct Identifier: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The identifier without backticks, e.g. `default`.
        public let name: String
        /// The identifier as written in Swift source, e.g. `` `default` ``.
        public let code: String

        /// Wraps a name the naming component has already validated.
        init(validated name: String, code: String) {
            self.name = name
            self.code = code
        }

        /// The identifier as written in Swift source.
        public var description: String { code }

        /// Orders by ``name``.
        public static func < (lhs: Identifier, rhs: Identifier) -> Bool { lhs.name < rhs.name }
    }
}
