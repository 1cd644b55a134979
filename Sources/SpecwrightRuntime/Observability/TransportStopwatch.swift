import Foundation

/// What a transport measures itself while one exchange runs, on every platform: the time from
/// starting the task to the response head and to completion. `URLSessionTaskMetrics`, where the
/// platform delivers them before completion, add the phases (DNS, connect, TLS).
struct TransportStopwatch: Sendable {
    private let started = DispatchTime.now().uptimeNanoseconds
    private var responseAt: UInt64?
    /// The platform's metrics for the task, when they arrived.
    var metrics: TransportTimings?

    /// The response head arrived (the first time only: redirects are followed inside the task).
    mutating func markResponse() {
        if responseAt == nil { responseAt = DispatchTime.now().uptimeNanoseconds }
    }

    /// The timings of the finished exchange: the platform's phases when present, and this
    /// stopwatch's time to the response head and total otherwise.
    func finish() -> TransportTimings {
        let now = DispatchTime.now().uptimeNanoseconds
        var timings = metrics ?? TransportTimings()
        let total = Self.seconds(from: started, to: now)
        if timings.total == nil { timings.total = total }
        if timings.timeToFirstByte == nil, let responseAt {
            timings.timeToFirstByte = Self.seconds(from: started, to: responseAt)
            timings.download = Self.seconds(from: responseAt, to: now)
        }
        return timings
    }

    private static func seconds(from start: UInt64, to end: UInt64) -> TimeInterval {
        Double(end &- start) / 1_000_000_000
    }
}
