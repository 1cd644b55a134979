/// A located failure to read a YAML document.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is (tests and tools can switch on it).
    public enum Kind: Hashable, Sendable {
        /// libyaml reported a scanner/parser error.
        case syntax
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// The same key appears twice in one mapping.
        case duplicateKey
        /// More than one document where one was expected.
        case multipleDocuments
        /// Alias expansion exceeded the limit (e.g. a "billion laughs" file).
        case aliasExpansionLimit
        /// Nesting deeper than the limit.
        case nestingLimit
        /// An alias names no anchor defined before it.
        case undefinedAlias
        /// A `<<` merge key whose value is not a mapping or a sequence of mappings.
        case invalidMerge
        /// The input is larger than the limit.
        case inputTooLarge
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// What is wrong, in one line (no location; see `description`).
    public var message: String
    /// Where the problem is.
    public var location: SourceLocation

    /// An error of `kind` at `location`.
    public init(_ kind: Kind, _ message: String, at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}
