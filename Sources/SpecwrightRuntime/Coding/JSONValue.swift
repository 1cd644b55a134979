import Foundation

/// Any JSON value: what an OpenAPI document leaves untyped (a schema without a `type`, a
/// free-form object, `additionalProperties: true`). Generated clients share this one type.
///
/// A value read from a server is sent back with the same numbers. A number is decoded as the
/// first of these that holds it exactly: ``int(_:)`` (a whole number that fits `Int`; `1.0` and
/// `1e2` included), ``double(_:)`` (a `Double` whose shortest spelling is the same number: `0.1`,
/// `1.5e-300`, `-0`), else ``decimal(_:)`` (`123456789012345678901234567890`,
/// `0.1000000000000000000001`: up to 38 significant digits, exponents from about -128 to 127).
/// Encoding writes the same number, though not always the same text (`1.0` is written `1`, `1E22`
/// `1e+22`); the limits, measured, are in docs/runtime.md ("Numbers in untyped JSON"). A number
/// that no Swift number type holds (`1e400`, `1e-400`) is a decoding error, as it is for a
/// `Double` property.
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fractional part that fits `Int`.
    case int(Int)
    /// A number that a `Double` holds exactly (its shortest spelling is the number).
    case double(Double)
    /// A number that neither `Int` nor `Double` holds exactly, as a `Decimal`: a whole number
    /// beyond `Int`, or more significant digits than a `Double` keeps. Encoded as plain digits.
    case decimal(Decimal)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes whatever JSON value is there (`null` included); a number as the first of
    /// ``int(_:)``, ``double(_:)`` and ``decimal(_:)`` that holds it exactly.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = Self.number(in: value) {
            self = number
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let elements = try? value.decode([JSONValue].self) {
            self = .array(elements)
        } else if let fields = try? value.decode([String: JSONValue].self) {
            self = .object(fields)
        } else if (try? value.decode(Int.self)) != nil {
            // Foundation's JSONDecoder reads a number below `Double`'s range (`1e-400`) as the
            // `Int` 0 but refuses it as `Double` and `Decimal`: no number type holds it.
            throw DecodingError.dataCorruptedError(
                in: value, debugDescription: "a number too close to zero for Double and Decimal")
        } else {
            throw DecodingError.dataCorruptedError(
                in: value, debugDescription: "not a JSON value, or a number too large for Double and Decimal")
        }
    }

    /// The number in `value` as the first case that holds it exactly, or `nil` when it is no
    /// number `Double` or `Decimal` reads. Foundation's `JSONDecoder` gives no access to a
    /// number's text, so the value is read as `Double` and as `Decimal` (exact up to 38
    /// significant digits), which says whether the `Double` is exact: `0.9999999999999999999`
    /// reads as the `Double` 1 (and as the `Int` 1, through `Double`). `Decimal` drops the sign
    /// of `-0`, `Double` refuses `0e1`.
    private static func number(in value: any SingleValueDecodingContainer) -> JSONValue? {
        guard let number = try? value.decode(Double.self) else {
            guard let decimal = try? value.decode(Decimal.self) else { return nil }
            return decimal.isZero ? .int(0) : .decimal(decimal)
        }
        if number == 0 { return number.sign == .minus ? .double(-0.0) : .int(0) }
        // Beyond `Decimal`'s exponents (`1e-200`, `1e300`): only the `Double` holds it.
        guard let decimal = try? value.decode(Decimal.self) else { return .double(number) }
        if number.rounded(.towardZero) == number {
            // Below 2^53 the `Double` is the whole number itself; above, `Int` reads it exactly.
            let integer = abs(number) < 0x1p53 ? Int(number) : try? value.decode(Int.self)
            if let integer, Decimal(integer) == decimal { return .int(integer) }
        }
        // Up to 15 significant digits a `Double`'s shortest spelling is the number (DBL_DIG).
        if decimal.significand.magnitude < fifteenDigits
            || Decimal(string: String(number), locale: posix) == decimal
        {
            return .double(number)
        }
        return .decimal(decimal)
    }

    private static let fifteenDigits = Decimal(1_000_000_000_000_000)

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Encodes the value as it was decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .decimal(let number):
            guard !number.isNaN else {
                throw EncodingError.invalidValue(
                    number, .init(codingPath: encoder.codingPath, debugDescription: "NaN is no JSON number"))
            }
            try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    /// The element at `index` when this is an array and the index exists.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number (integers widened, decimals rounded to the nearest `Double`), when this is one.
    public var doubleValue: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        case .decimal(let number): Double(number.description)
        default: nil
        }
    }

    /// The number as a `Decimal`, when this is one and a `Decimal` holds it (a `Double` as its
    /// shortest spelling: `0.1` is exactly 0.1; `nil` beyond `Decimal`'s exponents or not finite).
    public var decimalValue: Decimal? {
        switch self {
        case .int(let number): Decimal(number)
        case .double(let number) where number.isFinite: Decimal(string: String(number), locale: Self.posix)
        case .decimal(let number): number
        default: nil
        }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Equal when of the same kind with equal contents, so equal values encode alike: `0` and `-0`
    /// differ (they are written differently), a NaN equals a NaN of the same bit pattern (which is
    /// also what it hashes), so `==` is reflexive: a value always equals itself.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.int(let left), .int(let right)): left == right
        case (.double(let left), .double(let right)):
            (left == right && left.sign == right.sign) || (left.isNaN && left.bitPattern == right.bitPattern)
        case (.decimal(let left), .decimal(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }
}
