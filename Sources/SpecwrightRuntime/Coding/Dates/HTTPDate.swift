import Foundation

/// Parses HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, the obsolete RFC 850 form and asctime.
/// An unparsable date is `nil`; callers treat an invalid `Expires` as "already expired".
///
/// IMF-fixdate — what servers send — is parsed by hand: it is on the path of every cache hit
/// (the `Date` header feeds the age), and a `DateFormatter` costs tens of microseconds on Linux.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let obsoleteFormats = ["EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]

    /// The date `value` names, or nil when it matches none of the three forms.
    static func parse(_ value: String) -> Date? {
        let trimmed = String(HTTPWhitespace.trimmed(value[...]))
        if let date = parseFixdate(trimmed) { return date }
        for format in obsoleteFormats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`; dates outside the years
    /// 1…9999 (and NaN) are clamped into them, so no date can trap the conversion.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isNaN ? 0 : Int64(min(max(interval, -62_135_596_800), 253_402_300_799).rounded(.down))
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilDays.civil(fromDays: days)
        let weekday = weekdays[((days % 7) + 11) % 7]
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (exactly 29 characters).
    private static func parseFixdate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20, bytes[11] == 0x20,
            bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == 0x20,
            String(decoding: bytes[26..<29], as: UTF8.self) == "GMT",
            let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
            let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
            (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilDays.daysSince1970(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }
}
