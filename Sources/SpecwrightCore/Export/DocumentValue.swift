/// An ordered JSON-like value: what the exporter builds and ``DocumentValue/yaml`` /
/// ``DocumentValue/json`` write out. Keys keep their insertion order, so output is deterministic.
public indirect enum DocumentValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// `null`.
    case null
    /// A sequence.
    case array([DocumentValue])
    /// A mapping with ordered keys.
    case object([(key: String, value: DocumentValue)])

    /// Compares structurally (keys in order).
    public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes structurally.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .bool(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        case .array(let items): hasher.combine(items)
        case .object(let entries):
            for entry in entries {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// The value as YAML (block style; strings always double-quoted, so nothing is re-typed).
    public var yaml: String {
        var output = ""
        switch self {
        case .object(let entries) where !entries.isEmpty: Self.writeEntries(entries, indent: 0, into: &output)
        case .array(let items) where !items.isEmpty: Self.writeItems(items, indent: 0, into: &output)
        default: output = scalarText + "\n"
        }
        return output
    }

    /// The value as JSON (two-space indentation).
    public var json: String {
        var output = ""
        writeJSON(indent: 0, into: &output)
        return output + "\n"
    }

    // MARK: YAML

    /// Writes mapping entries at `indent`; the first line may be continued from a `- ` item marker.
    private static func writeEntries(
        _ entries: [(key: String, value: DocumentValue)], indent: Int, into output: inout String,
        continuingLine: Bool = false
    ) {
        let pad = String(repeating: " ", count: indent)
        for (index, (key, value)) in entries.enumerated() {
            output += (index == 0 && continuingLine ? "" : pad) + yamlKey(key) + ":"
            writeNested(value, indent: indent, into: &output)
        }
    }

    private static func writeItems(_ items: [DocumentValue], indent: Int, into output: inout String) {
        let pad = String(repeating: " ", count: indent)
        for item in items {
            switch item {
            case .object(let entries) where !entries.isEmpty:
                output += pad + "- "
                writeEntries(entries, indent: indent + 2, into: &output, continuingLine: true)
            case .array(let nested) where !nested.isEmpty:
                output += pad + "-\n"
                writeItems(nested, indent: indent + 2, into: &output)
            default:
                output += pad + "- " + item.scalarText + "\n"
            }
        }
    }

    private static func writeNested(_ value: DocumentValue, indent: Int, into output: inout String) {
        switch value {
        case .object(let entries) where !entries.isEmpty:
            output += "\n"
            writeEntries(entries, indent: indent + 2, into: &output)
        case .array(let items) where !items.isEmpty:
            output += "\n"
            writeItems(items, indent: indent + 2, into: &output)
        default:
            output += " " + value.scalarText + "\n"
        }
    }

    /// A key written plain when YAML reads it back as the same string, quoted otherwise.
    private static func yamlKey(_ key: String) -> String {
        let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        guard let first = key.unicodeScalars.first, !reserved.contains(key.lowercased()) else { return quoted(key) }
        let isStart =
            (0x41...0x5A).contains(first.value) || (0x61...0x7A).contains(first.value) || first == "_" || first == "/"
            || first == "$"
        let allowed = key.unicodeScalars.allSatisfy { scalar in
            (0x30...0x39).contains(scalar.value) || (0x41...0x5A).contains(scalar.value)
                || (0x61...0x7A).contains(scalar.value)
                || "_-./{}$+".unicodeScalars.contains(scalar)
        }
        return isStart && allowed ? key : quoted(key)
    }

    /// Scalars and empty collections in flow style.
    private var scalarText: String {
        switch self {
        case .string(let value): Self.quoted(value)
        case .int(let value): String(value)
        case .double(let value): value.isFinite ? String(value) : "0"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// A double-quoted string valid in both JSON and YAML: quotes, backslashes and control
    /// characters escaped, everything else (non-ASCII included) written as is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
                    || scalar.value == 0x2029
                    || scalar.value == 0xFEFF
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: JSON

    private func writeJSON(indent: Int, into output: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch self {
        case .object(let entries) where !entries.isEmpty:
            output += "{\n"
            for (index, entry) in entries.enumerated() {
                output += pad + Self.quoted(entry.key) + ": "
                entry.value.writeJSON(indent: indent + 2, into: &output)
                output += index == entries.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        case .array(let items) where !items.isEmpty:
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += pad
                item.writeJSON(indent: indent + 2, into: &output)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        default:
            output += scalarText
        }
    }
}
