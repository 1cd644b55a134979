import SpecwrightYAML

extension OpenAPI.JSONSchema {
    /// What makes two schemas written at different places the same type: the schema's content
    /// without locations, without the order of mapping keys (a JSON object's members have none:
    /// `{type: string, enum: [a]}` and `{enum: [a], type: string}` are one schema; sequences such
    /// as `enum` values and `oneOf` members keep theirs) and, at its top, without the keywords that
    /// only document one use (`description`, `example`, `default` …, `title` too when
    /// `ignoringTitle`) or extend it (`x-`). Nil when the schema is not a mapping or its content is
    /// too large to be worth a key. Keys are comparable only within one `keys` table, which
    /// remembers every node it met: each schema and each nested mapping or sequence is keyed once.
    func contentKey(ignoringTitle: Bool, keys: inout SchemaContentKeys) -> String? {
        keys.key(self, ignoringTitle: ignoringTitle)
    }

    /// Appends `"\(value)"` as reflection would print it (`string("a")`, `int(1)`, `null`), without
    /// reflection, which cost ~10,000 instructions a scalar.
    static func appendCanonical(_ value: ScalarValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "bool(true)" : "bool(false)"
        case .int(let number): text += "int(\(number))"
        case .bigInt(let digits): text += "bigInt(\(String(reflecting: digits)))"
        case .float(let number): text += "float(\(String(reflecting: number)))"
        case .string(let string): text += "string(\(String(reflecting: string)))"
        }
    }
}

/// The content keys of one document's schemas (``OpenAPI/JSONSchema/contentKey(ignoringTitle:keys:)``),
/// each node keyed once. A mapping or sequence is written as its entries with every nested mapping
/// or sequence replaced by its number (`#12`), the number of a collection of that content: equal
/// content, equal number, so a key is as long as its schema's own keywords, and a schema nested in
/// many others is written once, not once per enclosing key.
struct SchemaContentKeys {
    /// A collection's text (nested collections by number) → its number.
    private var numbers: [String: Int] = [:]
    /// The collections met, by location (a check of kind and size guards against two nodes at one place).
    private var collections: [SourceLocation: Collection] = [:]
    /// The key of each schema met, by its location and whether its `title` was left out.
    private var keys: [SchemaID: String?] = [:]

    private struct Collection {
        let isMapping: Bool
        let count: Int
        let number: Int
        /// The length of the content written out in full (``contentKeyLimit``).
        let length: Int
    }

    private struct SchemaID: Hashable {
        let location: SourceLocation
        let ignoringTitle: Bool
    }

    /// The most text a schema's content written out in full may take (a larger schema is not shared:
    /// comparing it would cost more than sharing it saves).
    static let contentKeyLimit = 20_000

    /// Keywords that describe one use of a schema, not the type (``OpenAPIKey/Schema/describesOneUse``).
    private static let useOnlyKeywords = Set(OpenAPIKey.Schema.allCases.filter(\.describesOneUse).map(\.rawValue))

    init() {}

    mutating func key(_ schema: OpenAPI.JSONSchema, ignoringTitle: Bool) -> String? {
        let node = schema.keywords.node
        guard case .mapping(let entries) = node.kind else { return nil }
        let id = SchemaID(location: node.location, ignoringTitle: ignoringTitle)
        if let known = keys[id] { return known }
        var kept: [(key: String, value: Node)] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            guard let key = entry.key.scalar?.text, key != "title" || !ignoringTitle,
                !Self.useOnlyKeywords.contains(key), !key.hasPrefix("x-")
            else { continue }
            kept.append((key, entry.value))
        }
        var order = Array(kept.indices)
        order.sort { kept[$0].key < kept[$1].key || (kept[$0].key == kept[$1].key && $0 < $1) }
        var text = "{"
        var length = 2
        for index in order {
            let (key, value) = kept[index]
            text += key + ":"
            guard let written = reference(value, into: &text) else {
                keys[id] = .some(nil)
                return nil
            }
            text += ","
            length += key.utf8.count + 2 + written
        }
        let result: String? = length > Self.contentKeyLimit ? nil : text + "}"
        keys[id] = .some(result)
        return result
    }

    /// Appends a scalar as it is, a collection by its number; the length of the node written out in
    /// full, nil when that passes the limit.
    private mutating func reference(_ node: Node, into text: inout String) -> Int? {
        switch node.kind {
        case .scalar(let scalar):
            let start = text.utf8.count
            OpenAPI.JSONSchema.appendCanonical(scalar.value, to: &text)
            return text.utf8.count - start
        case .sequence, .mapping:
            guard let collection = collection(node) else { return nil }
            text += "#\(collection.number)"
            return collection.length
        }
    }

    /// The number and full length of a mapping or sequence; nil when its content passes the limit.
    private mutating func collection(_ node: Node) -> Collection? {
        let isMapping: Bool
        let count: Int
        switch node.kind {
        case .scalar: return nil
        case .sequence(let items): (isMapping, count) = (false, items.count)
        case .mapping(let entries): (isMapping, count) = (true, entries.count)
        }
        if let known = collections[node.location], known.isMapping == isMapping, known.count == count {
            return known.length > Self.contentKeyLimit ? nil : known
        }
        guard let collection = numbered(node, isMapping: isMapping, count: count) else {
            // Too large: remembered as such, so no enclosing schema writes it again.
            collections[node.location] = Collection(isMapping: isMapping, count: count, number: -1, length: .max)
            return nil
        }
        collections[node.location] = collection
        return collection
    }

    /// A collection written with its nested collections by number; nil when its content passes the limit.
    private mutating func numbered(_ node: Node, isMapping: Bool, count: Int) -> Collection? {
        var text = ""
        var length = 2
        switch node.kind {
        case .scalar: return nil
        case .sequence(let items):
            text = "["
            for item in items {
                guard let written = reference(item, into: &text) else { return nil }
                text += ","
                length += written + 1
                if length > Self.contentKeyLimit { return nil }
            }
            text += "]"
        case .mapping(let entries):
            var keyTexts: [String] = []
            keyTexts.reserveCapacity(entries.count)
            for entry in entries {
                var key = ""
                OpenAPI.JSONSchema.appendCanonical(entry.key.scalar?.value ?? .null, to: &key)
                keyTexts.append(key)
            }
            var order = Array(entries.indices)
            order.sort { keyTexts[$0] < keyTexts[$1] || (keyTexts[$0] == keyTexts[$1] && $0 < $1) }
            text = "{"
            for index in order {
                text += keyTexts[index] + ":"
                guard let written = reference(entries[index].value, into: &text) else { return nil }
                text += ","
                length += keyTexts[index].utf8.count + 2 + written
                if length > Self.contentKeyLimit { return nil }
            }
            text += "}"
        }
        let number: Int
        if let known = numbers[text] {
            number = known
        } else {
            number = numbers.count
            numbers[text] = number
        }
        return Collection(isMapping: isMapping, count: count, number: number, length: length)
    }
}
