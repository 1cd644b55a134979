import Foundation

/// Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
enum RetryAfter {
    /// The delay in seconds the header asks for (never negative), or `nil` when absent or unparsable.
    static func delay(from value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        // delay-seconds is 1*DIGIT (a decimal fraction is accepted too): no sign, exponent, hex or
        // "inf", which `Double` would all read.
        if isDecimal(value) {
            return Double(value).map { min($0, longest) } ?? longest
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return min(longest, max(0, date.timeIntervalSince(now)))
    }

    /// Whether `value` is digits with at most one `.` between digits ("3", "1.5").
    private static func isDecimal(_ value: String) -> Bool {
        let parts = value.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    /// The longest delay read from the header, 10⁹ s (about 32 years): any longer one (10¹² s, a
    /// date in the year 9999) means "not in this call's lifetime" just as well, and the bound keeps
    /// every later computation with it finite. The policy clamps it further (`RetryPolicy`).
    static let longest: TimeInterval = 1e9
}
