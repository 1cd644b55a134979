import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The phases of one attempt as the transport measured them (`URLSessionTaskMetrics`), in
/// seconds. A phase is nil when the platform did not report it or it did not happen (no DNS
/// lookup or connect on a reused connection, no TLS over plain HTTP).
///
/// `URLSessionTransport` measures `timeToFirstByte` (task start to response head), `download`
/// (response head to completion) and `total` itself on every platform. Apple platforms also
/// deliver `URLSessionTaskMetrics`, which add DNS, connect, TLS, connection reuse and protocol.
/// FoundationNetworking on Linux never calls the metrics delegate method (measured with Swift
/// 6.3.1: `urlSession(_:task:didFinishCollecting:)` is not called for data tasks), so there the
/// phases stay nil.
public struct TransportTimings: Sendable, Hashable {
    /// DNS lookup.
    public var domainLookup: TimeInterval?
    /// TCP connect, including TLS.
    public var connect: TimeInterval?
    /// The TLS handshake.
    public var secureConnection: TimeInterval?
    /// From the start of the fetch to the first response byte.
    public var timeToFirstByte: TimeInterval?
    /// From the first to the last response byte.
    public var download: TimeInterval?
    /// The whole task, from resume to completion.
    public var total: TimeInterval?
    /// Redirects followed.
    public var redirects: Int
    /// Whether the last transaction reused a connection; nil when not reported.
    public var isReusedConnection: Bool?
    /// The protocol of the last transaction (`"http/1.1"`, `"h2"`); nil when not reported.
    public var networkProtocol: String?

    /// Creates timings.
    public init(
        domainLookup: TimeInterval? = nil, connect: TimeInterval? = nil, secureConnection: TimeInterval? = nil,
        timeToFirstByte: TimeInterval? = nil, download: TimeInterval? = nil, total: TimeInterval? = nil,
        redirects: Int = 0, isReusedConnection: Bool? = nil, networkProtocol: String? = nil
    ) {
        self.domainLookup = domainLookup
        self.connect = connect
        self.secureConnection = secureConnection
        self.timeToFirstByte = timeToFirstByte
        self.download = download
        self.total = total
        self.redirects = redirects
        self.isReusedConnection = isReusedConnection
        self.networkProtocol = networkProtocol
    }

    /// The timings of `metrics`: the phases of its last transaction (the one that produced the
    /// response), the task's whole interval and its redirect count.
    public init(_ metrics: URLSessionTaskMetrics) {
        self.init(total: metrics.taskInterval.duration, redirects: metrics.redirectCount)
        guard let last = metrics.transactionMetrics.last else { return }
        domainLookup = Self.span(last.domainLookupStartDate, last.domainLookupEndDate)
        connect = Self.span(last.connectStartDate, last.connectEndDate)
        secureConnection = Self.span(last.secureConnectionStartDate, last.secureConnectionEndDate)
        timeToFirstByte = Self.span(last.fetchStartDate, last.responseStartDate)
        download = Self.span(last.responseStartDate, last.responseEndDate)
        isReusedConnection = last.isReusedConnection
        networkProtocol = last.networkProtocolName
    }

    private static func span(_ start: Date?, _ end: Date?) -> TimeInterval? {
        guard let start, let end else { return nil }
        return end.timeIntervalSince(start)
    }
}
