import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one public error type of the runtime: what went wrong (`kind`) plus where (operation,
/// method, URL with secrets removed, attempts). Every client method throws only this type.
public struct SpecwrightError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The request could not be built (bad base URL, non-finite number, refused `http://`, encoding failure…).
        case invalidRequest(String)
        /// The transport failed; the underlying `URLError` is kept.
        case transport(URLError)
        /// The request (or the response) did not complete within the timeout.
        case timeout
        /// The calling task was cancelled.
        case cancelled
        /// The response body was larger than `TransferLimits.maximumResponseBytes` (`limit`), counted
        /// after content decoding; the exchange was stopped when it crossed the limit.
        case responseTooLarge(limit: Int)
        /// The server answered with a non-2xx status other than 401.
        case httpStatus(HTTPFailure)
        /// The server answered 401 and no token refresh applies.
        case unauthorized(HTTPFailure)
        /// The response body did not decode; `codingPath` reads like `items[3].author.name`.
        case decoding(codingPath: String, message: String)
        /// The envelope carried a non-success business code.
        case business(code: Int, message: String?)
        /// The session ended: a token refresh failed, a 401 came after the replay, or the envelope said so.
        case sessionExpired(String)
        /// The configuration gate failed, so requests that depend on it cannot run.
        case configUnavailable(String)
        /// The call asked for the stored copy only (`CachePolicy.cacheOnly`) and none is stored.
        case notCached
    }

    /// A failed HTTP exchange.
    public struct HTTPFailure: Sendable {
        /// The status code.
        public var status: Int
        /// The response header fields, repeated ones kept.
        public var headers: HTTPFields
        /// The raw response body.
        public var body: Data
        /// The decoded typed error body, when the endpoint declares one for this status.
        public var typedBody: (any Sendable)?

        /// Creates a failure description.
        public init(status: Int, headers: HTTPFields, body: Data, typedBody: (any Sendable)? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.typedBody = typedBody
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The operation, e.g. `"books.list"` (empty when unknown).
    public var operationName: String
    /// The HTTP method, when a request existed.
    public var method: HTTPMethod?
    /// The URL with secret query values replaced by `<redacted>`, when a request existed.
    public var url: String?
    /// How many attempts were made (0 when none reached the transport).
    public var attempts: Int

    /// Creates an error. The pipeline fills in the context it knows.
    public init(
        _ kind: Kind, operationName: String = "", method: HTTPMethod? = nil, url: String? = nil, attempts: Int = 0
    ) {
        self.kind = kind
        self.operationName = operationName
        self.method = method
        self.url = url
        self.attempts = attempts
    }

    /// The HTTP status of `httpStatus`/`unauthorized` errors.
    public var status: Int? {
        switch kind {
        case .httpStatus(let failure), .unauthorized(let failure): return failure.status
        default: return nil
        }
    }

    /// The typed error body decoded for this failure, if it has type `T`.
    public func typedBody<T>(as type: T.Type) -> T? {
        switch kind {
        case .httpStatus(let failure), .unauthorized(let failure): return failure.typedBody as? T
        default: return nil
        }
    }

    /// Whether trying again may succeed: transient transport errors (timed out, connection
    /// lost, cannot connect, DNS failure, not connected), timeouts and 408/429/500/502/503/504.
    /// Never other 4xx, decoding errors, cancellation or business errors.
    public var isRetryable: Bool {
        switch kind {
        case .timeout: return true
        case .transport(let error): return Self.retryableTransportCodes.contains(error.code)
        case .httpStatus(let failure): return Self.retryableStatuses.contains(failure.status)
        default: return false
        }
    }

    /// Whether the server cannot be reached now (no network, host unreachable, timed out): the
    /// same as `category == .offline`.
    public var isOffline: Bool {
        category == .offline
    }

    /// Whether the error is a cancellation.
    public var isCancellation: Bool {
        if case .cancelled = kind { return true }
        return false
    }

    /// One log-friendly line: `books.list GET https://host/books?key=<redacted> failed after 2 attempts: HTTP 503`.
    public var description: String {
        var text = operationName.isEmpty ? "request" : operationName
        if let method { text += " \(method.rawValue)" }
        if let url { text += " \(url)" }
        text += attempts > 1 ? " failed after \(attempts) attempts: " : " failed: "
        return text + kindDescription
    }

    /// The `kind` in words, without context.
    public var kindDescription: String {
        switch kind {
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .transport(let error): return "transport error \(error.code.rawValue) (\(error.localizedDescription))"
        case .timeout: return "timed out"
        case .cancelled: return "cancelled"
        case .responseTooLarge(let limit): return "the response body is larger than the limit of \(limit) bytes"
        case .httpStatus(let failure): return "HTTP \(failure.status)"
        case .unauthorized(let failure): return "unauthorized (HTTP \(failure.status))"
        case .decoding(let path, let message):
            return path.isEmpty ? "decoding failed: \(message)" : "decoding failed at \(path): \(message)"
        case .business(let code, let message): return "business error \(code)" + (message.map { ": \($0)" } ?? "")
        case .sessionExpired(let reason): return "session expired: \(reason)"
        case .configUnavailable(let reason): return "configuration unavailable: \(reason)"
        case .notCached: return "no stored copy (cache only)"
        }
    }

    /// The statuses worth retrying (RFC 9110 §15.5.9 408, RFC 6585 429, and transient 5xx).
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    static let retryableTransportCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .notConnectedToInternet
    ]

    /// The transport errors that mean the server cannot be reached (``Category/offline``).
    static let offlineCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .timedOut
    ]
}
