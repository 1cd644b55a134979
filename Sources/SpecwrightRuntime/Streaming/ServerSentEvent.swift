import Foundation

/// One event of a `text/event-stream` body, as the WHATWG HTML standard's event-stream
/// interpretation dispatches it (§9.2.6).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field of the block, or `"message"`.
    public var event: String
    /// The `data:` fields of the block joined by `"\n"`.
    public var data: String
    /// The last event ID at dispatch (set by an `id:` field of this block or an earlier one),
    /// `nil` when none was set or it was reset with an empty `id:`. Sent back as `Last-Event-ID`
    /// when the stream reconnects.
    public var id: String?
    /// The reconnection time in milliseconds, when this block had a valid `retry:` field.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// When a server-sent event stream whose connection fails midway is opened again, continuing
/// after the last event received (`Last-Event-ID`).
///
/// Only streams that announced event ids reconnect — an id is the server's promise that it can
/// resume; a stream without ids (a language model's completion) fails with the connection's error
/// instead of starting over. A stream that ends normally is over and never reopened, and so is one
/// whose last id is longer than ``maximumLastEventIDBytes`` (it would be a request header field of
/// the server's choosing: a hostile server could make every reconnection carry megabytes).
public struct ServerSentEventReconnect: Sendable, Hashable {
    /// Reconnections tried in a row before the error is thrown. The count starts again with an
    /// event whose id differs from the `Last-Event-ID` the stream was reopened with: a server that
    /// answers every reconnection with the same event (and `retry: 0`) cannot keep the client
    /// reconnecting forever.
    public var maxAttempts: Int
    /// The wait before reconnecting when the server sent no `retry:` field, in seconds.
    public var defaultDelay: TimeInterval
    /// The longest wait before reconnecting, in seconds: a `retry:` field asking for more (a
    /// hostile or broken server can ask for 10¹⁵ ms) waits this long instead.
    public var maximumDelay: TimeInterval

    /// Creates a policy. NaN or negative delays count as 0; `maximumDelay` is at least `defaultDelay`.
    public init(
        maxAttempts: Int = 3, defaultDelay: TimeInterval = 1,
        maximumDelay: TimeInterval = ServerSentEventReconnect.defaultMaximumDelay
    ) {
        self.maxAttempts = max(0, maxAttempts)
        self.defaultDelay = defaultDelay.isNaN ? 0 : max(0, defaultDelay)
        self.maximumDelay = max(self.defaultDelay, maximumDelay.isNaN ? 0 : maximumDelay)
    }

    /// 60 s: twice the 30 s cap of LaunchDarkly's EventSource clients' reconnect backoff, so a
    /// server's long `retry:` is mostly honoured, and a reconnection is never further away than
    /// a minute.
    public static let defaultMaximumDelay: TimeInterval = 60

    /// The wait before a reconnection after the server asked for `retry` milliseconds (nil: none).
    func delay(serverRetry retry: Int?) -> TimeInterval {
        guard let retry else { return defaultDelay }
        return min(maximumDelay, TimeInterval(retry) / 1000)
    }

    /// 1 KiB: the longest last event id sent back as `Last-Event-ID`. Real ids (counters, UUIDs,
    /// timestamps, cursors) are far shorter; servers commonly refuse request header sections over
    /// 8 KiB. A stream whose id is longer fails with its connection's error instead of reconnecting.
    public static let maximumLastEventIDBytes = 1024

    /// Three attempts in a row, one second apart unless the server says otherwise (`retry:`).
    public static let `default` = ServerSentEventReconnect()

    /// Never reconnect.
    public static let never = ServerSentEventReconnect(maxAttempts: 0)
}
