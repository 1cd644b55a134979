import SpecwrightYAML

/// One difference between two versions of an API, judged for a client compiled against the old one.
public struct APIChange: Hashable, Sendable {
    /// Whether the old client keeps working.
    public enum Kind: String, Hashable, Sendable, Comparable {
        /// An app already shipped with the old client can fail (compile or at run time).
        case breaking
        /// The old client keeps working (additions, new optional inputs, documentation).
        case compatible

        /// Breaking first.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs == .breaking && rhs == .compatible }
    }

    /// What a change is about, so that each document can locate it.
    public enum Subject: Hashable, Sendable {
        /// A service-wide setting (`auth`, `envelope`, `baseURL`).
        case service(String)
        /// An operation, by its client method (`group.name`).
        case endpoint(APIEndpointKey)
        /// A parameter of an operation, by its wire name.
        case parameter(APIEndpointKey, wireName: String)
        /// A declared type, by its Swift name.
        case type(String)
        /// A field of a type, by its JSON key.
        case property(type: String, jsonKey: String)
        /// A value of an enum.
        case enumValue(type: String, value: String)
    }

    /// Breaking or compatible.
    public let kind: Kind
    /// One line, compiler style (`parameter 'limit' of 'pets.listPets' became required`).
    public let message: String
    /// What it is about.
    public let subject: Subject

    /// Creates a change.
    public init(_ kind: Kind, _ message: String, subject: Subject) {
        self.kind = kind
        self.message = message
        self.subject = subject
    }
}

/// An operation's identity for a compiled client: its group and method name.
public struct APIEndpointKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The group property (`pets`).
    public let group: String
    /// The method (`listPets`).
    public let name: String

    /// Creates a key.
    public init(group: String, name: String) {
        self.group = group
        self.name = name
    }

    /// `group.name`.
    public var description: String { "\(group).\(name)" }

    /// By group, then name.
    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.group, lhs.name) < (rhs.group, rhs.name) }
}

/// A change with its place in each document: what `specwright diff` prints.
public struct LocatedAPIChange: Hashable, Sendable {
    /// The change.
    public let change: APIChange
    /// Where it is in the new document (for a removal: the nearest place that still exists).
    public let location: SourceLocation
    /// Where the changed thing was in the old document, when it was there.
    public let oldLocation: SourceLocation?

    /// Creates a located change.
    public init(change: APIChange, location: SourceLocation, oldLocation: SourceLocation?) {
        self.change = change
        self.location = location
        self.oldLocation = oldLocation
    }

    /// `new.yaml:41:9: error: breaking: …` (a note for a compatible change) and, when the old
    /// document has it, `old.yaml:38:9: note: …` at the old place.
    public var lines: [String] {
        let severity = change.kind == .breaking ? "error" : "note"
        var lines = ["\(location): \(severity): \(change.kind.rawValue): \(change.message)"]
        if let oldLocation { lines.append("\(oldLocation): note: the old version is here") }
        return lines
    }
}
