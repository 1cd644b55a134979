import Foundation

/// The request a call's last attempt actually sent, after every interceptor: the cache evaluates
/// `Vary` on these headers when it stores the response (RFC 9111 §4.1 compares the headers of
/// the request that produced the response).
final class SentRequestLog: Sendable {
    /// What the attempt loop records per attempt.
    struct Record: Sendable {
        /// The headers sent, names lower-cased (`HeaderLookup.dictionary`).
        var headers: [String: String]
        /// Whether the attempt was a replay with a refreshed token, i.e. sent other credentials
        /// than the call captured.
        var isReplay: Bool
    }

    private let state = Locked<Record?>(nil)

    /// Records one attempt (the last one wins).
    func record(_ request: HTTPRequest, isReplay: Bool) {
        let record = Record(headers: HeaderLookup.dictionary(request.headers), isReplay: isReplay)
        state.withLock { $0 = record }
    }

    /// The last attempt's record; nil when no attempt of this call was sent (e.g. a de-duplicated
    /// call that waited for another one).
    var last: Record? { state.withLock { $0 } }
}
