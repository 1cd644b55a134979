import Foundation

/// A response as the transport delivers it.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields; names are lower-cased (HTTP field names are case-insensitive).
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// What the transport measured for this exchange (DNS, connect, TLS, first byte), when it
    /// measures anything; the attempt loop adds it to the call's `ResponseMetadata.transportTimings`.
    public var timings: TransportTimings?
    /// The file the transport wrote the body to (`ResponseDestination.file`); `body` is then empty.
    public var bodyFile: URL?

    /// Creates a response; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        var lowered: [String: String] = [:]
        lowered.reserveCapacity(headers.count)
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
