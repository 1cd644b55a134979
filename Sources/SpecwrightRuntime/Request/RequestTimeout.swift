import Foundation

/// The one validation of timeouts, wherever they enter: `EndpointOptions.timeout`, the service's
/// default (`ServiceDescription.timeout`), a request an interceptor changed, a row read back from the
/// outbox. A timeout is a total deadline for one attempt (from sending to the last body byte), so it
/// must be a finite, positive number of seconds no larger than `maximum`.
public enum RequestTimeout {
    /// 7 days: `URLSessionConfiguration.timeoutIntervalForResource`'s default, the longest any
    /// platform waits for one resource. Larger values are mistakes (or a crafted file), and values
    /// above ~1.8e10 s no longer fit a `UInt64` count of nanoseconds.
    public static let maximum: TimeInterval = 604_800

    /// `seconds` when it is a usable timeout; otherwise `invalidRequest` naming `source`
    /// (e.g. "the endpoint timeout").
    public static func validated(_ seconds: TimeInterval, source: String = "the timeout") throws(SpecwrightError)
        -> TimeInterval
    {
        guard seconds.isFinite, seconds > 0 else {
            throw SpecwrightError(.invalidRequest("\(source) \(seconds) is not a positive, finite number of seconds"))
        }
        guard seconds <= maximum else {
            throw SpecwrightError(.invalidRequest("\(source) \(seconds) s is above the maximum of \(Int(maximum)) s"))
        }
        return seconds
    }

    /// Nanoseconds for `seconds`, clamped to `0...maximum` (NaN → 0); never traps, whatever the input.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, maximum) * 1_000_000_000)
    }
}
