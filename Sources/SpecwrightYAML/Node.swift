/// A position in a source file. Lines and columns are 1-based; columns count Unicode scalars
/// as libyaml reports them.
///
/// Stored compactly — the file as an index into a process-wide table of names, line and column
/// as 32-bit numbers — so that copying or freeing a location (every node and every decoded
/// value has one) involves no reference counting.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's index in `FileNames` (equal indices ⇔ equal names).
    private(set) var fileID: UInt32
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The file name as given to the parser (used verbatim in diagnostics).
    public var file: String {
        get { FileNames.name(for: fileID) }
        set { fileID = FileNames.id(for: newValue) }
    }

    /// 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// 1-based column.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// A location in `file` at 1-based `line` and `column`.
    public init(file: String, line: Int, column: Int) {
        self.init(fileID: FileNames.id(for: file), line: line, column: column)
    }

    /// A location in the file with index `fileID` (from `FileNames.id(for:)`): no table lookup.
    init(fileID: UInt32, line: Int, column: Int) {
        self.fileID = fileID
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The location `offset` columns to the right on the same line.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(fileID: fileID, line: line, column: column + offset)
    }

    /// Whether both locations are in the same file (no name lookup).
    public func isInSameFile(as other: SourceLocation) -> Bool {
        fileID == other.fileID
    }

    /// `file:line:col`, the prefix compilers and IDEs understand.
    public var description: String { "\(file):\(line):\(column)" }
}

/// How a scalar was written in the source.
public enum ScalarStyle: Hashable, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar's value resolved by the YAML 1.2 core schema. Quoted and block scalars are
/// always strings; plain `yes`/`no`/`on`/`off` are strings too (YAML 1.1 booleans are not).
public enum ScalarValue: Hashable, Sendable {
    /// `null`, `Null`, `NULL`, `~` or empty.
    case null
    /// `true`/`false` in three casings.
    case bool(Bool)
    /// A decimal, `0o` octal or `0x` hexadecimal integer that fits `Int`.
    case int(Int)
    /// An integer that does not fit `Int` keeps its text here.
    case bigInt(String)
    /// A float, `.inf` or `.nan`.
    case float(Double)
    /// Anything else, and every quoted or block scalar.
    case string(String)
}

extension ScalarValue {
    /// Value equality in which every NaN equals every other NaN, so that equality stays
    /// reflexive (`Hashable` requires it) and `.nan` keys compare like any other key.
    public static func == (lhs: ScalarValue, rhs: ScalarValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bigInt(let a), .bigInt(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with `==` (all NaNs hash alike).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .int(let i): hasher.combine(2); hasher.combine(i)
        case .bigInt(let s): hasher.combine(3); hasher.combine(s)
        case .float(let d): hasher.combine(4); hasher.combine(d.isNaN ? Double.nan : d)
        case .string(let s): hasher.combine(5); hasher.combine(s)
        }
    }
}

/// A scalar node: its source text, style, explicit tag (if any) and resolved value.
public struct Scalar: Hashable, Sendable {
    // Declaration order is memory order: the one-byte style after the value packs the
    // scalar into 34 bytes instead of 41 (nodes are copied and freed by the hundred thousand).

    /// The scalar text exactly as libyaml delivered it (after escape processing / folding).
    public var text: String
    /// The resolved value (core schema, honouring explicit `!!str`, `!!int`, … tags).
    public var value: ScalarValue
    /// How the scalar was written (plain, quoted, block).
    public var style: ScalarStyle

    /// A scalar with its text, style and resolved value.
    public init(text: String, style: ScalarStyle, value: ScalarValue) {
        self.text = text
        self.style = style
        self.value = value
    }
}

/// One key/value pair of a mapping, in source order.
public struct MappingEntry: Hashable, Sendable {
    /// The key node (usually a scalar).
    public var key: Node
    /// The value node.
    public var value: Node

    /// A key/value pair.
    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

/// A YAML node: a scalar, a sequence or an ordered mapping, with the location where it starts.
/// Aliases are already expanded (within the parser's expansion limit) and `<<` merge keys
/// already applied when the parser was asked to.
public struct Node: Hashable, Sendable {
    /// What the node is, with its content.
    public enum Kind: Hashable, Sendable {
        /// A scalar.
        case scalar(Scalar)
        /// A sequence of nodes in source order.
        case sequence([Node])
        /// A mapping whose entries are in source order.
        case mapping([MappingEntry])
    }

    // Declaration order is memory order: flag and location fill the padding after `kind`, and
    // the rarely present tag is one pointer, so a node takes 56 bytes instead of 80.

    /// The node's content.
    public var kind: Kind
    /// Whether a flow style (`[...]`, `{...}`) was used for a collection.
    public var isFlow: Bool
    /// Where the node starts (for an alias: where the anchored node starts).
    public var location: SourceLocation
    /// The explicit tag, boxed (nil for almost every node).
    private var tagBox: TagBox?

    /// The explicit tag, resolved to its full form (`tag:yaml.org,2002:str`, `!local`), or nil.
    public var tag: String? {
        get { tagBox?.tag }
        set { tagBox = newValue.map(TagBox.init) }
    }

    /// A node starting at `location`.
    public init(kind: Kind, location: SourceLocation, tag: String? = nil, isFlow: Bool = false) {
        self.kind = kind
        self.isFlow = isFlow
        self.location = location
        tagBox = tag.map(TagBox.init)
    }

    /// Equal kind, location, tag and style.
    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.kind == rhs.kind && lhs.isFlow == rhs.isFlow && lhs.location == rhs.location && lhs.tag == rhs.tag
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(isFlow)
        hasher.combine(location)
        hasher.combine(tag)
    }
}

/// A node's explicit tag in its own immutable allocation, so that untagged nodes spend one
/// nil pointer on it instead of an optional string.
final class TagBox: Sendable {
    let tag: String

    init(_ tag: String) {
        self.tag = tag
    }
}

extension Node {
    /// The scalar, if this node is one.
    public var scalar: Scalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    /// The elements, if this node is a sequence.
    public var sequence: [Node]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The entries in source order, if this node is a mapping.
    public var mapping: [MappingEntry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The value of a scalar node that resolved to a string (nil for numbers, booleans, null).
    public var string: String? {
        guard case .scalar(let s) = kind else { return nil }
        if case .string(let v) = s.value { return v }
        return nil
    }

    /// The value for a string key in a mapping node (first match), or nil.
    public subscript(key: String) -> Node? {
        guard case .mapping(let entries) = kind else { return nil }
        for entry in entries where entry.key.scalar?.text == key { return entry.value }
        return nil
    }
}
