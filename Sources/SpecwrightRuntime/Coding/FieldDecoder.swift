/// Decodes the fields of a generated object one after another, in declaration order, so that a
/// generated `init(from:)` is a single call of the memberwise initializer:
///
///     var fields = try FieldDecoder(decoder, keys: Self.fieldKeys)
///     self.init(id: try fields.required(), name: fields.optional(), tags: fields.optional(default: []))
///     try fields.finish()
///
/// The first decoding error is kept and thrown by ``finish()`` (or by the next ``required()``), so
/// the error a caller sees, with its coding path, is the one the compiler-synthesized conformance
/// would have thrown. Optional fields decode without `try`, which keeps the generated code small:
/// no error path per field.
public struct FieldDecoder {
    private let container: KeyedDecodingContainer<FieldKey>
    private let keys: [String]
    private var index = 0
    private var failure: (any Error)?
    private var readsUndeclaredKeys = false

    /// Opens the JSON object of `decoder`; `keys` are the JSON names of the fields, in the order
    /// they will be read.
    public init(_ decoder: any Decoder, keys: [String]) throws {
        container = try decoder.container(keyedBy: FieldKey.self)
        self.keys = keys
    }

    /// The next field, or `nil` when it is absent or `null` (or an earlier field failed).
    public mutating func optional<Value: Decodable>() -> Value? {
        guard let key = nextKey(), failure == nil else { return nil }
        do {
            return try container.decodeIfPresent(Value.self, forKey: key)
        } catch {
            failure = error
            return nil
        }
    }

    /// The next field, or `defaultValue` when it is absent or `null`.
    public mutating func optional<Value: Decodable>(default defaultValue: Value) -> Value {
        optional() ?? defaultValue
    }

    /// The next field, which must be present and not `null`.
    public mutating func required<Value: Decodable>() throws -> Value {
        guard let key = nextKey() else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: "more fields read than declared"))
        }
        if let failure { throw failure }
        return try container.decode(Value.self, forKey: key)
    }

    /// The next field, whose value the type fixes (a union's discriminator, an OpenAPI `const`):
    /// absent is fine, any other value than `expected` is an error (so a strict union pass does
    /// not take an object of another variant).
    public mutating func constant<Value: Decodable & Equatable>(_ expected: Value) throws {
        guard let key = nextKey() else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: "more fields read than declared"))
        }
        if let failure { throw failure }
        guard let value = try container.decodeIfPresent(Value.self, forKey: key), value != expected else { return }
        throw DecodingError.dataCorrupted(.init(
            codingPath: container.codingPath + [key], debugDescription: "expected \(expected), found \(value)"))
    }

    /// Every key of the object that is not one of the declared `keys`, with its value: an
    /// object's extra properties (OpenAPI `additionalProperties`). A value that does not decode
    /// as `Value` is an error, kept like an optional field's.
    public mutating func remaining<Value: Decodable>() -> [String: Value] {
        guard failure == nil else { return [:] }
        readsUndeclaredKeys = true
        let declared = Set(keys)
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

    /// In a strict pass of a union (`UnionDecoding`): fails on a key the object does not declare.
    private func rejectUndeclaredKeys() throws {
        let declared = Set(keys)
        guard let undeclared = container.allKeys.first(where: { !declared.contains($0.stringValue) }) else { return }
        throw DecodingError.dataCorrupted(.init(
            codingPath: container.codingPath + [undeclared], debugDescription: "'\(undeclared.stringValue)' is not a declared property"))
    }

    private mutating func nextKey() -> FieldKey? {
        guard index < keys.count else { return nil }
        defer { index += 1 }
        return FieldKey(stringValue: keys[index])
    }
}
