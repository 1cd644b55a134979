/// A literal written in a spec as a default value (`default: 20`, `default: []`, …).
public indirect enum LiteralValue: Hashable, Sendable, CustomStringConvertible {
    /// `null` / `~`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A sequence.
    case array([LiteralValue])
    /// A mapping, entries in source order.
    case object([LiteralEntry])

    /// A short YAML-like rendering for messages.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "'\(value)'"
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let entries): "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One key/value pair of a ``LiteralValue/object(_:)`` literal.
public struct LiteralEntry: Hashable, Sendable {
    /// The key as written.
    public let key: String
    /// The value.
    public let value: LiteralValue

    /// Creates an entry.
    public init(key: String, value: LiteralValue) {
        self.key = key
        self.value = value
    }
}
