import Foundation

/// How dates travel in JSON bodies and query strings.
public enum DateCoding: Sendable, Hashable {
    /// ISO 8601 / RFC 3339 (`2024-05-01T12:00:00Z`); decoding accepts 0–9 fractional digits and
    /// any UTC offset, encoding keeps the sub-second part to the microsecond (`.250`, `.123456`).
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

    /// RFC 3339 in UTC with every fractional digit a `Date` holds reliably: none for whole
    /// seconds, 3 digits when the date is a whole millisecond (`.250`), else 6 (microseconds, as
    /// Python, PostgreSQL and most servers keep them). `Date` is a `Double`, so digits beyond the
    /// microsecond are noise for current dates and are rounded away; both widths are read by every
    /// RFC 3339 parser, including Python 3.10's `fromisoformat`, which takes only 3 or 6 digits.
    static func iso8601String(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.rounded(.down)
        var micros = Int(((seconds - whole) * 1_000_000).rounded())
        if micros >= 1_000_000 {
            whole += 1
            micros = 0
        }
        let text = plainStyle.format(Date(timeIntervalSince1970: whole))
        guard micros > 0, text.hasSuffix("Z") else { return text }
        let fraction = micros % 1000 == 0 ? padded(micros / 1000, width: 3) : padded(micros, width: 6)
        return text.dropLast() + "." + fraction + "Z"
    }

    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func parseISO8601(_ text: String) -> Date? {
        if let date = RFC3339.parse(text) { return date }
        if let date = try? plainStyle.parse(text) { return date }
        return try? fractionalStyle.parse(text)
    }
}
