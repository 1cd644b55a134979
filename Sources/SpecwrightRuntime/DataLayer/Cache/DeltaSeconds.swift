import Foundation

/// Durations a server or a stored row controls (`Age`, `max-age`, `s-maxage`, `stale-*`, stored
/// request and response times), parsed and clamped so that no value can trap a conversion.
///
/// RFC 9111 §1.2.2: a delta-seconds value larger than the greatest integer a cache can represent
/// is taken as 2^31; every age and lifetime the cache computes is kept in `0...maximum` (NaN
/// counts as `maximum`, i.e. as old as possible), so it always converts to `Int` and compares
/// sanely. An entry whose age hits the cap is stale under any lifetime, which is also capped.
enum DeltaSeconds {
    /// 2^31 seconds (about 68 years), RFC 9111 §1.2.2's cap.
    static let maximum: TimeInterval = 2_147_483_648

    /// `1*DIGIT` as seconds, saturating at `maximum`; nil for anything else (empty, a sign, a
    /// fraction, spaces inside).
    static func parse<Text: StringProtocol>(_ text: Text) -> TimeInterval? {
        var value: Int64 = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            digits += 1
            if value < Int64(maximum) { value = value * 10 + Int64(byte - 0x30) }
        }
        guard digits > 0 else { return nil }
        return min(TimeInterval(value), maximum)
    }

    /// The `Age` header's value (RFC 9111 §5.1): the first member of a list, trimmed; nil (ignored)
    /// when it is not a non-negative integer.
    static func age(fromHeader value: String) -> TimeInterval? {
        let first = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return parse(HTTPWhitespace.trimmed(first))
    }

    /// `seconds` clamped to `0...maximum`; NaN becomes `maximum`.
    static func clamp(_ seconds: TimeInterval) -> TimeInterval {
        guard !seconds.isNaN else { return maximum }
        return min(max(seconds, 0), maximum)
    }

    /// The whole seconds of `seconds` (clamped) as an `Age` header value.
    static func headerValue(_ seconds: TimeInterval) -> String {
        String(Int64(clamp(seconds).rounded(.down)))
    }
}
