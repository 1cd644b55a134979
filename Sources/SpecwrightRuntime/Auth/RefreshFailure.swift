import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a credential refresh that threw means for the session, as a mature client decides it
/// (AppAuth ends its state only for an OAuth error of the token endpoint): only a refresh that
/// the server or the provider *rejected* ends the session. A refresh that could not reach its
/// server — the device is offline, the connection broke or timed out, the server failed with a
/// 5xx, 408 or 429 — keeps the session and the credentials: the call fails with that error
/// (`isOffline` for the network's failures, the underlying error kept) and may be retried per
/// its retry policy, and the refresh does not count against the `RefreshWindow`.
enum RefreshFailure {
    /// The session is kept; the call fails with this error.
    case unreachable(SpecwrightError)
    /// The refresh was rejected: the session ends.
    case rejected

    /// Classifies `error`, thrown by the app's refresh (a `TokenProvider.refresh` closure, an
    /// `Authenticator.refresh`): a `URLError` (or an `NSError` of `NSURLErrorDomain`) of the
    /// connection, a `SpecwrightError` of another client that could not reach the server or got
    /// a transient status, a cancellation — unreachable; anything else — rejected.
    init(_ error: any Error) {
        if error is CancellationError {
            self = .unreachable(SpecwrightError(.cancelled))
            return
        }
        if let specwright = error as? SpecwrightError {
            self = Self.classify(specwright)
            return
        }
        guard let urlError = SpecwrightError.urlError(error) else {
            self = .rejected
            return
        }
        self = Self.classify(SpecwrightError(.transport(urlError)))
    }

    private static func classify(_ error: SpecwrightError) -> RefreshFailure {
        switch error.kind {
        case .cancelled: return .unreachable(error)
        case .transport(let urlError) where urlError.code == .cancelled:
            return .unreachable(SpecwrightError(.cancelled))
        case .timeout:
            // As a transport failure, so that the call's retry policy sees a failed attempt (a
            // `.timeout` from the refresher itself means the wait for the refresh ran out).
            var unreachable = error
            unreachable.kind = .transport(URLError(.timedOut))
            return .unreachable(unreachable)
        case .httpStatus(let failure) where SpecwrightError.retryableStatuses.contains(failure.status):
            return .unreachable(error)
        default: return error.isConnectionFailure ? .unreachable(error) : .rejected
        }
    }

    /// Whether a call whose credential refresh failed with `error` (as `SingleFlightRefresher`
    /// throws it) keeps the session and may be retried: anything but `.sessionExpired`, the
    /// refresher's own `.timeout` (the wait ran out) and `.cancelled`.
    static func keepsSessionAndMayRetry(_ error: SpecwrightError) -> Bool {
        switch error.kind {
        case .sessionExpired, .timeout, .cancelled: return false
        default: return true
        }
    }
}
