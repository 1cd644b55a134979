/// Retry settings (`retry: none` or `retry: { max, baseDelay, maxDelay, statuses, transportErrors,
/// deadline, longRetryAfter }`): the runtime's `RetryPolicy`, per endpoint or in `defaults`.
public struct RetrySetting: Hashable, Sendable {
    /// Retries after the first attempt (0 = never retry).
    public let maxRetries: Int
    /// Delay before the first retry, in seconds; doubles per retry.
    public let baseDelay: Double
    /// Cap on a single delay, in seconds.
    public let maxDelay: Double
    /// The HTTP statuses that are retried, in the spec's order; nil: the runtime's default
    /// (408, 429, 500, 502, 503, 504).
    public let statuses: [Int]?
    /// The transport errors that are retried, in the spec's order; nil: the runtime's default. A
    /// timed-out attempt is always retried.
    public let transportErrors: [RetryTransportError]?
    /// The longest the whole call may take, all attempts and waits together, in seconds; nil: none.
    public let deadline: Double?
    /// What a `Retry-After` longer than `maxDelay` does.
    public let longRetryAfter: LongRetryAfter

    /// Creates retry settings.
    public init(
        maxRetries: Int, baseDelay: Double, maxDelay: Double, statuses: [Int]? = nil,
        transportErrors: [RetryTransportError]? = nil, deadline: Double? = nil, longRetryAfter: LongRetryAfter = .clamp
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.statuses = statuses
        self.transportErrors = transportErrors
        self.deadline = deadline
        self.longRetryAfter = longRetryAfter
    }

    /// `retry: none`.
    public static let none = RetrySetting(maxRetries: 0, baseDelay: 0, maxDelay: 0)
    /// What an omitted key of a `retry:` mapping (or an omitted `defaults.retry`) means:
    /// 3 retries, 0.5 s doubling up to 8 s (the runtime's `RetryPolicy.default`).
    public static let standard = RetrySetting(maxRetries: 3, baseDelay: 0.5, maxDelay: 8)

    /// Whether retries are off.
    public var isNone: Bool { maxRetries == 0 }

    /// The keys of the mapping form.
    static let keys = ["max", "baseDelay", "maxDelay", "statuses", "transportErrors", "deadline", "longRetryAfter"]
}

/// What a `Retry-After` longer than `maxDelay` does (`longRetryAfter:`; the runtime's
/// `RetryPolicy.honoursLongRetryAfter`).
public enum LongRetryAfter: String, Hashable, Sendable, CaseIterable {
    /// Wait no longer than `maxDelay` (the default).
    case clamp
    /// Wait as long as the server asks (still within `deadline`).
    case wait
}

/// A transport failure a retry policy may retry (`transportErrors:`), named as the `URLError.Code`
/// it stands for.
public enum RetryTransportError: String, Hashable, Sendable, CaseIterable {
    /// The attempt timed out (always retried).
    case timedOut
    /// The connection was lost mid-exchange.
    case networkConnectionLost
    /// The host refused or did not accept the connection.
    case cannotConnectToHost
    /// The host name did not resolve.
    case cannotFindHost
    /// The DNS lookup failed.
    case dnsLookupFailed
    /// The device is not connected.
    case notConnectedToInternet
    /// The TLS handshake failed.
    case secureConnectionFailed
    /// The server's answer was not valid HTTP.
    case badServerResponse
    /// The resource could not be loaded from the network.
    case cannotLoadFromNetwork
    /// The resource is not available now.
    case resourceUnavailable
    /// Data roaming is off.
    case internationalRoamingOff
    /// The cellular network does not allow data.
    case dataNotAllowed
    /// A call is active and the network cannot carry data.
    case callIsActive
}
