import Foundation

extension SpecwrightError {
    /// A coarse grouping of errors for UI decisions ("show the offline banner", "log out").
    public enum Category: String, Sendable, Hashable {
        /// The server could not be reached or did not answer in time: no connection, host not
        /// found or refusing connections, connection lost, a timeout; also a cache-only call with no
        /// stored copy. ``SpecwrightError/isOffline``.
        case offline
        /// The exchange failed for another reason below HTTP: TLS, a malformed response; also, where
        /// the runtime reports an app's own error inside the pipeline (an interceptor's `retry`, a
        /// metrics event), that error (``SpecwrightError/underlyingError``) — the caller gets it unwrapped.
        case transport
        /// The server answered with an HTTP error (4xx, 5xx, 401 without refresh) or a body over the size limit.
        case http
        /// The envelope carried a business error code.
        case business
        /// The session ended (envelope code or failed token refresh): log out.
        case sessionExpired
        /// The config gate failed.
        case configUnavailable
        /// The response did not decode.
        case decoding
        /// The request could not be built.
        case invalidRequest
        /// The caller cancelled.
        case cancelled
    }

    /// The error's category: `.offline` for timeouts, `notCached` and the transport errors that mean
    /// the server cannot be reached (`SpecwrightError.offlineCodes`), `.transport` for other transport errors.
    public var category: Category {
        switch kind {
        case .timeout, .notCached: return .offline
        case .transport(let error): return Self.offlineCodes.contains(error.code) ? .offline : .transport
        case .httpStatus, .unauthorized, .responseTooLarge: return .http
        case .business: return .business
        case .sessionExpired: return .sessionExpired
        case .configUnavailable: return .configUnavailable
        case .decoding: return .decoding
        case .invalidRequest: return .invalidRequest
        case .cancelled: return .cancelled
        }
    }
}
