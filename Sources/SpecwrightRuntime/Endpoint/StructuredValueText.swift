import Foundation

/// Turns structured values (objects, maps, unions, arrays of them, untyped JSON) into the text a
/// form field or a multipart part carries. Values are encoded as a JSON body would be (the
/// service's date coding, URLs as strings, `Data` as base64, read-only properties left out);
/// non-finite numbers are written as `inf`, `-inf` and `nan` instead of failing.
enum StructuredValueText {
    /// `value` encoded as JSON, or `nil` when its `encode(to:)` throws (generated types never do).
    static func json(_ value: some Encodable, dates: DateCoding, sortedKeys: Bool = false) -> Data? {
        let encoder = dates.makeEncoder().writingRequests()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        encoder.outputFormatting = sortedKeys ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        return try? encoder.encode(value)
    }

    /// `value` as the JSON tree it encodes to, or `nil` when its `encode(to:)` throws.
    static func tree(_ value: some Encodable, dates: DateCoding) -> JSONValue? {
        guard let data = json(value, dates: dates) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The text of a scalar (`nil` for `null`, arrays and objects): strings as they are, booleans
    /// `true`/`false`, whole numbers without a fraction, as in a query string.
    static func scalar(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): (try? QueryValue.double(number).rendered(dates: .iso8601)) ?? String(number)
        case .decimal(let number): number.description
        case .null, .array, .object: nil
        }
    }

    /// An untyped value as one text: scalars as `scalar(_:)` writes them, arrays and objects as
    /// JSON text with sorted keys; `nil` for `null`.
    static func untyped(_ value: JSONValue) -> String? {
        if case .null = value { return nil }
        if let text = scalar(value) { return text }
        return json(value, dates: .iso8601, sortedKeys: true).map { String(decoding: $0, as: UTF8.self) }
    }
}
