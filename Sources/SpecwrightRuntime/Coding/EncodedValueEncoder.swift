/// One value under construction while an `Encodable` encodes itself into an ``EncodedValue``.
/// Containers hold their node by reference, as `JSONEncoder`'s do, so nested containers can fill
/// it in after they are returned.
final class EncodedNode {
    private var scalar: EncodedValue?
    private var fields: [String: EncodedNode]?
    private var elements: [EncodedNode]?

    /// The finished value; a node nobody wrote to is an empty object (as `JSONEncoder` writes it).
    var value: EncodedValue {
        if let fields { return .object(fields.mapValues(\.value)) }
        if let elements { return .array(elements.map(\.value)) }
        return scalar ?? .object([:])
    }

    func setScalar(_ value: EncodedValue) {
        scalar = value
    }

    func field(_ key: String) -> EncodedNode {
        let child = EncodedNode()
        fields = fields ?? [:]
        fields?[key] = child
        return child
    }

    func appendElement() -> EncodedNode {
        let child = EncodedNode()
        elements = elements ?? []
        elements?.append(child)
        return child
    }

    func makeObject() {
        if fields == nil { fields = [:] }
    }

    func makeArray() {
        if elements == nil { elements = [] }
    }

    /// Writes `value` into this node: scalars directly, everything else through its own `encode(to:)`.
    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        if let primitive = EncodedValue(primitive: value) {
            scalar = primitive
        } else {
            try value.encode(to: EncodedValueEncoder(node: self, codingPath: codingPath))
        }
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
        node.field(key.stringValue).setScalar(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try node.field(key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.field(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(EncodedKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.field(key.stringValue)
        child.makeArray()
        return EncodedUnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        EncodedValueEncoder(node: node.field("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodedValueEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key])
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
        node.appendElement().setScalar(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        count += 1
        try node.appendElement().encode(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        let child = node.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(EncodedKeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        let child = node.appendElement()
        child.makeArray()
        return EncodedUnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return EncodedValueEncoder(node: node.appendElement(), codingPath: codingPath)
    }
}

struct EncodedSingleValueContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.setScalar(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try node.encode(value, codingPath: codingPath)
    }
}
