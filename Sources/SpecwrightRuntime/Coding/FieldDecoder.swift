/// Decodes the fields of a generated object one after another, each by its JSON name, so that a
/// generated `init(from:)` is a single call of the memberwise initializer with every JSON name
/// next to the property it fills:
///
///     var fields = try FieldDecoder(decoder)
///     self.init(id: try fields.required("id"), isbn: fields.optional("isbn_13"), tags: fields.optional("tags", default: []))
///     try fields.finish()
///
/// The first decoding error is kept and thrown by ``finish()`` (or by the next ``required(_:)``),
/// so the error a caller sees, with its coding path, is the one the compiler-synthesized
/// conformance would have thrown. Optional fields decode without `try`, which keeps the generated
/// code small: no error path per field. Only generated code uses it.
@_spi(Generated) public struct FieldDecoder {
    private let container: KeyedDecodingContainer<FieldKey>
    private var failure: (any Error)?
    /// In a strict union pass or for an object with extra properties: the JSON names read so far,
    /// which are the declared ones once every field was read.
    private let recordsKeys: Bool
    private var declaredKeys: [String] = []
    private var readsUndeclaredKeys = false

    /// Opens the JSON object of `decoder`. `keepsExtraProperties` when the object's initializer
    /// ends with ``remaining()`` (OpenAPI `additionalProperties`).
    public init(_ decoder: any Decoder, keepsExtraProperties: Bool = false) throws {
        container = try decoder.container(keyedBy: FieldKey.self)
        recordsKeys = keepsExtraProperties || UnionDecoding.isStrict
    }

    /// The field named `key`, or `nil` when it is absent or `null` (or an earlier field failed).
    public mutating func optional<Value: Decodable>(_ key: String) -> Value? {
        record(key)
        guard failure == nil else { return nil }
        let codingKey = FieldKey(stringValue: key)
        do {
            return try container.decodeIfPresent(Value.self, forKey: codingKey)
        } catch {
            if let number: Value = numberText(forKey: codingKey) { return number }
            failure = error
            return nil
        }
    }

    /// The field named `key` as a ``Nullable``, in the state the JSON object has it in:
    /// ``Nullable/absent`` when the key is missing, ``Nullable/null`` when it is `null`, else its
    /// value. Sending the decoded object again sends what was read (`null` stays `null`, a missing
    /// key stays missing), and it equals the value built with the same states.
    public mutating func nullable<Value: Decodable>(_ key: String) -> Nullable<Value> {
        guard failure == nil, container.contains(FieldKey(stringValue: key)) else {
            record(key)
            return .absent
        }
        if (try? container.decodeNil(forKey: FieldKey(stringValue: key))) == true {
            record(key)
            return .null
        }
        return Nullable(leavingOutNil: optional(key))
    }

    /// The field named `key`, or `defaultValue` when it is absent or `null`.
    public mutating func optional<Value: Decodable>(_ key: String, default defaultValue: Value) -> Value {
        optional(key) ?? defaultValue
    }

    /// The field named `key`, which must be present and not `null`.
    public mutating func required<Value: Decodable>(_ key: String) throws -> Value {
        record(key)
        if let failure { throw failure }
        let codingKey = FieldKey(stringValue: key)
        do {
            return try container.decode(Value.self, forKey: codingKey)
        } catch {
            if let number: Value = numberText(forKey: codingKey) { return number }
            throw error
        }
    }

    /// A number field's value written as a JSON string holding a number (``NumberFromText``), read
    /// after reading a number failed; `nil` when `Value` is no number type, in a union's strict pass,
    /// or when the field holds anything else.
    private func numberText<Value>(forKey key: FieldKey) -> Value? {
        guard let type = Value.self as? any NumberFromText.Type, !UnionDecoding.isStrict,
            let text = try? container.decode(String.self, forKey: key)
        else { return nil }
        return type.init(jsonNumberText: text) as? Value
    }

    /// The field named `key`, whose value the type fixes (a union's discriminator, an OpenAPI
    /// `const`): absent is fine, any other value than `expected` is an error (so a strict union
    /// pass does not take an object of another variant).
    public mutating func constant<Value: Decodable & Equatable>(_ key: String, _ expected: Value) throws {
        record(key)
        if let failure { throw failure }
        let codingKey = FieldKey(stringValue: key)
        guard let value = try container.decodeIfPresent(Value.self, forKey: codingKey), value != expected else {
            return
        }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: container.codingPath + [codingKey], debugDescription: "expected \(expected), found \(value)"
            ))
    }

    /// Every key of the object that is not one of the fields read before, with its value: an
    /// object's extra properties (OpenAPI `additionalProperties`), read after all declared fields.
    /// A value that does not decode as `Value` is an error, kept like an optional field's.
    public mutating func remaining<Value: Decodable>() -> [String: Value] {
        guard failure == nil else { return [:] }
        readsUndeclaredKeys = true
        let declared = Set(declaredKeys)
        var values: [String: Value] = [:]
        for key in container.allKeys where !declared.contains(key.stringValue) {
            do {
                values[key.stringValue] = try container.decode(Value.self, forKey: key)
            } catch {
                failure = error
                return [:]
            }
        }
        return values
    }

    /// Throws the first error met while reading optional fields; in the strict pass of a union
    /// without discriminator (`UnionDecoding`), also fails on a key the object does not declare.
    public func finish() throws {
        if let failure { throw failure }
        if UnionDecoding.isStrict, !readsUndeclaredKeys { try rejectUndeclaredKeys() }
    }

    private mutating func record(_ key: String) {
        if recordsKeys { declaredKeys.append(key) }
    }

    /// In a strict pass of a union (`UnionDecoding`): fails on a key the object does not declare.
    private func rejectUndeclaredKeys() throws {
        let declared = Set(declaredKeys)
        guard let undeclared = container.allKeys.first(where: { !declared.contains($0.stringValue) }) else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: container.codingPath + [undeclared],
                debugDescription: "'\(undeclared.stringValue)' is not a declared property"))
    }
}
