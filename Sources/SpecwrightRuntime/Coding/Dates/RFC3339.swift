import Foundation

/// A fast parser for the common RFC 3339 form `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; a
/// date-time without an offset (Python writes one for a naive `datetime`) is read as UTC.
/// Dates are decoded on every response, and `Date.ISO8601FormatStyle` costs several
/// microseconds per value; this byte scanner costs well under one. Anything it does not fully
/// understand (other ISO 8601 forms, leap seconds, invalid calendar dates, years before the
/// Gregorian calendar, where Foundation switches to the Julian one) returns `nil`, and
/// `DateCoding` then falls back to `ISO8601FormatStyle`, so results never differ.
enum RFC3339 {
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1583, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        // No offset at all (a "naive" date-time, as Python's datetime writes one without tzinfo):
        // read as UTC, as other generators' clients do; RFC 3339 itself requires an offset.
        switch index < bytes.count ? bytes[index] : UInt8(ascii: "Z") {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index = min(index + 1, bytes.count)
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds =
            CivilDays.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
