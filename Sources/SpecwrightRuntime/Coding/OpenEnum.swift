/// A string enum generated from a spec or an OpenAPI document: known cases plus a catch-all
/// (`case unknown(String)`) for values this client version does not know, so a server that adds a
/// value never breaks decoding. Generated enums only list their cases and the raw-value mapping;
/// the coding and query conversion are written once here.
public protocol OpenStringEnum: RawRepresentable, Codable, Hashable, Sendable, QueryValueConvertible
where RawValue == String {
    /// Maps every string to a case; unknown strings to the catch-all case.
    init(rawValue: String)
}

extension OpenStringEnum {
    /// Decodes a JSON string; an unknown value becomes the catch-all case instead of an error.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        try UnionDecoding.rejectUnknownCase(self, in: decoder)
    }

    /// Encodes the raw value (a catch-all value round-trips unchanged).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value as a query item value.
    public var queryValue: QueryValue { .string(rawValue) }

    /// Equal when the raw values are (a catch-all case holding a known value equals that case);
    /// written once here instead of synthesized for every enum.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

/// An integer enum with a catch-all case (`case unknown(Int)`); see ``OpenStringEnum``.
public protocol OpenIntegerEnum: RawRepresentable, Codable, Hashable, Sendable, QueryValueConvertible
where RawValue == Int {
    /// Maps every integer to a case; unknown integers to the catch-all case.
    init(rawValue: Int)
}

extension OpenIntegerEnum {
    /// Decodes a JSON integer; an unknown value becomes the catch-all case instead of an error.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
        try UnionDecoding.rejectUnknownCase(self, in: decoder)
    }

    /// Encodes the raw value (a catch-all value round-trips unchanged).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value as a query item value.
    public var queryValue: QueryValue { .int(Int64(rawValue)) }

    /// Equal when the raw values are (a catch-all case holding a known value equals that case);
    /// written once here instead of synthesized for every enum.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
