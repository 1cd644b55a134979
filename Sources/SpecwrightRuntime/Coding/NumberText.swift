import Foundation

/// A number type whose value a service may write as a JSON string holding the number: Flask's and
/// Django's JSON encoders and Rails write a decimal as `"12.50"`, and apispec documents marshmallow's
/// `Decimal` as `type: number` all the same. ``FieldDecoder`` reads such a string into an object's
/// number field (only after reading a number failed, and never in a union's strict pass, where the
/// string must keep choosing a variant with a string field).
protocol NumberFromText {
    /// The number `text` spells in JSON's number grammar; `nil` for anything else (`nan`, `0x1p3`,
    /// ` 1`, `1.`), so a string that is no JSON number stays an error.
    init?(jsonNumberText text: String)
}

extension NumberFromText {
    /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (RFC 8259 §6).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == 0x2D { bytes = bytes.dropFirst() }
        if bytes.first == 0x30 {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == 0x2E {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == 0x65 || bytes.first == 0x45 {
            bytes = bytes.dropFirst()
            if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

extension Double: NumberFromText {
    init?(jsonNumberText text: String) {
        guard Self.isJSONNumber(text), let value = Double(text) else { return nil }
        self = value
    }
}

extension Float: NumberFromText {
    init?(jsonNumberText text: String) {
        guard Self.isJSONNumber(text), let value = Float(text) else { return nil }
        self = value
    }
}

extension Decimal: NumberFromText {
    init?(jsonNumberText text: String) {
        guard Self.isJSONNumber(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}
