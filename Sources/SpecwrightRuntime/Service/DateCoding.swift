import Foundation

/// How dates travel in JSON bodies and query strings.
public enum DateCoding: Sendable, Hashable {
    /// ISO 8601 / RFC 3339 (`2024-05-01T12:00:00Z`); decoding accepts fractional seconds too,
    /// encoding adds milliseconds only when the date has a sub-second part.
    case iso8601
    /// Seconds since 1970 (a JSON number; an integer in query strings when whole).
    case secondsSince1970
    /// Milliseconds since 1970 (a JSON number; an integer in query strings).
    case millisecondsSince1970

    /// Renders `date` as text (query strings, form fields).
    public func string(from date: Date) -> String {
        switch self {
        case .iso8601:
            return DateCoding.iso8601String(from: date)
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, abs(seconds) < 9e15 { return String(Int64(seconds)) }
            return String(seconds)
        case .millisecondsSince1970:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
    }

    /// A JSON encoder using this date coding.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        switch self {
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(DateCoding.iso8601String(from: date))
            }
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
    }

    /// A JSON decoder using this date coding.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601:
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = DateCoding.parseISO8601(text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected an ISO 8601 date, found '\(text)'")
                }
                return date
            }
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }

    private static let plainStyle = Date.ISO8601FormatStyle()
    private static let fractionalStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func iso8601String(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if seconds.rounded(.down) == seconds { return plainStyle.format(date) }
        return fractionalStyle.format(date)
    }

    static func parseISO8601(_ text: String) -> Date? {
        if let date = RFC3339.parse(text) { return date }
        if let date = try? plainStyle.parse(text) { return date }
        return try? fractionalStyle.parse(text)
    }
}
