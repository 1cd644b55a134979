/// One value under construction while an `Encodable` encodes itself into an ``EncodedValue``.
/// Scalars and finished children are stored as values; only containers handed out for later
/// filling (`nestedContainer`, `superEncoder`) keep a child node, merged when the value is read.
final class EncodedNode {
    private var scalar: EncodedValue?
    private var fields: [String: EncodedValue]?
    private var elements: [EncodedValue]?
    private var pendingFields: [(key: String, node: EncodedNode)] = []
    private var pendingElements: [(index: Int, node: EncodedNode)] = []

    /// The encoded form of `value` at `codingPath` (+ `key`): scalars directly, everything else
    /// through its `encode(to:)`; the path is only built when a nested encoder needs it.
    static func value<Value: Encodable>(
        of value: Value, codingPath: [any CodingKey], key: (any CodingKey)? = nil
    ) throws -> EncodedValue {
        if let primitive = EncodedValue(primitive: value) { return primitive }
        let node = EncodedNode()
        let path = key.map { codingPath + [$0] } ?? codingPath
        try value.encode(to: EncodedValueEncoder(node: node, codingPath: path))
        return node.value
    }

    /// The finished value; a node nobody wrote to is an empty object (as `JSONEncoder` writes it).
    var value: EncodedValue {
        if var fields {
            for pending in pendingFields { fields[pending.key] = pending.node.value }
            return .object(fields)
        }
        if var elements {
            for pending in pendingElements { elements[pending.index] = pending.node.value }
            return .array(elements)
        }
        return scalar ?? .object([:])
    }

    func setScalar(_ value: EncodedValue) {
        scalar = value
    }

    func setField(_ key: String, _ value: EncodedValue) {
        if fields == nil { fields = [:] }
        fields?[key] = value
    }

    func appendElement(_ value: EncodedValue) {
        if elements == nil { elements = [] }
        elements?.append(value)
    }

    /// A child node filled in later, stored under `key` when the value is read.
    func pendingField(_ key: String) -> EncodedNode {
        setField(key, .null)
        let child = EncodedNode()
        pendingFields.append((key, child))
        return child
    }

    /// A child node filled in later, appended at the current end when the value is read.
    func pendingElement() -> EncodedNode {
        appendElement(.null)
        let child = EncodedNode()
        pendingElements.append(((elements?.count ?? 1) - 1, child))
        return child
    }

    func makeObject() {
        if fields == nil { fields = [:] }
    }

    func makeArray() {
        if elements == nil { elements = [] }
    }
}

/// The `Encoder` behind ``EncodedValue/init(encoding:)``.
struct EncodedValueEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(EncodedKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return EncodedUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        EncodedSingleValueContainer(node: node, codingPath: codingPath)
    }
}

struct EncodedKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.setField(key.stringValue, .null)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        node.setField(key.stringValue, try EncodedNode.value(of: value, codingPath: codingPath, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.pendingField(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(EncodedKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.pendingField(key.stringValue)
        child.makeArray()
        return EncodedUnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        EncodedValueEncoder(node: node.pendingField("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodedValueEncoder(node: node.pendingField(key.stringValue), codingPath: codingPath + [key])
    }
}

struct EncodedUnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(node: EncodedNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        count += 1
        node.appendElement(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        count += 1
        node.appendElement(try EncodedNode.value(of: value, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        let child = node.pendingElement()
        child.makeObject()
        return KeyedEncodingContainer(EncodedKeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        let child = node.pendingElement()
        child.makeArray()
        return EncodedUnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return EncodedValueEncoder(node: node.pendingElement(), codingPath: codingPath)
    }
}

struct EncodedSingleValueContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.setScalar(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.setScalar(try EncodedNode.value(of: value, codingPath: codingPath))
    }
}
