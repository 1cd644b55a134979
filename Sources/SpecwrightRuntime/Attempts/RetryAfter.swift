import Foundation

/// Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
enum RetryAfter {
    /// The delay in seconds the header asks for (never negative), or `nil` when absent or unparsable.
    static func delay(from value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite {
            return max(0, seconds)
        }
        guard let date = parseHTTPDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), plus the obsolete RFC 850 and asctime forms.
    static func parseHTTPDate(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
}
