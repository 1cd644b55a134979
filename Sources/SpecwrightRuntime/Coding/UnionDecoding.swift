import Foundation

/// How generated unions without a discriminator (OpenAPI `oneOf`/`anyOf`) choose an alternative:
/// a first pass takes the first alternative that matches *strictly* — objects with no key they do
/// not declare (unless they keep extra properties), open enums with a value they declare — and a
/// second pass the first alternative that decodes at all. So a payload of an alternative whose
/// properties extend another's is not read as the smaller one just because that one comes first.
/// Only generated code uses it.
@_spi(Generated) public enum UnionDecoding {
    /// Whether decoding runs inside a strict pass (read by `FieldDecoder` and the open enums).
    @TaskLocal static var isStrict = false

    /// The passes a union runs: strict, then lenient; only the strict one inside an enclosing
    /// strict pass (a lenient pass there would repeat it, doubling the work at every level).
    public static var passes: [Bool] { isStrict ? [true] : [true, false] }

    /// `type` decoded from `container`; with `strict`, in a strict pass (values nested inside are
    /// strict too).
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from container: any SingleValueDecodingContainer, strict: Bool
    ) throws -> Value {
        guard strict, !isStrict else { return try container.decode(type) }
        return try $isStrict.withValue(true) { try container.decode(type) }
    }

    /// In a strict pass: fails when `value`, an open enum, holds a value its type does not declare
    /// (its one case with a payload).
    static func rejectUnknownCase(_ value: some Any, in decoder: any Decoder) throws {
        guard isStrict, !Mirror(reflecting: value).children.isEmpty else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath, debugDescription: "the value is not one \(type(of: value)) declares"))
    }
}
