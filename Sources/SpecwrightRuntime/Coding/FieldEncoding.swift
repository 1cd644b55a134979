/// `encode(to:)` of a generated object: a JSON object with each field under its JSON name, in
/// order. `nil` optionals are left out (as `encodeIfPresent` does), ``_FieldVisitor/nullable(_:_:_:)``
/// fields are written as `null`, ``_FieldVisitor/readOnly(_:_:_:)`` fields are left out of
/// requests. The first error stops the encoding and is thrown by
/// ``finish()``.
@usableFromInline
struct FieldEncoding: _FieldVisitor {
    private var container: KeyedEncodingContainer<FieldKey>
    private var error: (any Error)?
    /// The encoder, asked whether it writes a request when a read-only field comes.
    private let encoder: any Encoder

    /// Writes into `encoder` (as a JSON object, also when there are no fields).
    @usableFromInline
    init(_ encoder: any Encoder) {
        self.encoder = encoder
        container = encoder.container(keyedBy: FieldKey.self)
    }

    @usableFromInline
    mutating func field<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value) {
        attempt { try encodeField(lhs, named: name, into: &$0) }
    }

    /// Leaves the field out of a request (the document says the server sets it), encodes it anywhere else.
    @usableFromInline
    mutating func readOnly<Value: Encodable & Hashable>(_ name: String, _ lhs: Value, _ rhs: Value) {
        guard encoder.userInfo[.specwrightRequest] as? Bool != true else { return }
        field(name, lhs, rhs)
    }

    @usableFromInline
    mutating func nullable<Value: Encodable & Hashable>(_ name: String, _ lhs: Value?, _ rhs: Value?) {
        attempt { container in
            if let lhs {
                try encodeScalarFirst(lhs, into: &container, forKey: FieldKey(stringValue: name))
            } else {
                try container.encodeNil(forKey: FieldKey(stringValue: name))
            }
        }
    }

    @usableFromInline
    mutating func constant<Value: Encodable>(_ name: String, _ value: Value) {
        attempt { try encodeField(value, named: name, into: &$0) }
    }

    @usableFromInline
    mutating func remaining<Value: Encodable & Hashable>(
        _ lhs: [String: Value], _ rhs: [String: Value], declared: [String]
    ) {
        let declared = Set(declared)
        for (key, value) in lhs.sorted(by: { $0.key < $1.key }) where !declared.contains(key) {
            attempt { try encodeField(value, named: key, into: &$0) }
        }
    }

    /// Throws the first error a field's encoding threw.
    @usableFromInline
    func finish() throws {
        if let error { throw error }
    }

    /// Runs `encode` unless an earlier field failed; keeps its error.
    private mutating func attempt(_ encode: (inout KeyedEncodingContainer<FieldKey>) throws -> Void) {
        guard error == nil else { return }
        do {
            try encode(&container)
        } catch {
            self.error = error
        }
    }
}
