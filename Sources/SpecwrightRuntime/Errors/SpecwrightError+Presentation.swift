import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an app shows and branches on: plain messages (`LocalizedError`, so `localizedDescription`
/// and SwiftUI's `.alert(isPresented:error:)` read well), the error underneath, and a comparable
/// `Kind`. The log line with operation, method and redacted URL stays ``SpecwrightError/description``.
extension SpecwrightError: LocalizedError {
    /// A sentence for a person, without URLs, headers or bodies: "The server could not be reached.".
    public var errorDescription: String? {
        switch kind {
        case .invalidRequest: return "The request could not be sent because it is invalid."
        case .transport:
            return category == .offline
                ? "The server could not be reached. Check the internet connection."
                : "The connection to the server failed."
        case .timeout: return "The server did not answer in time."
        case .cancelled: return "The request was cancelled."
        case .responseTooLarge: return "The server's answer was too large."
        case .httpStatus(let failure):
            return failure.status >= 500
                ? "The server had a problem (HTTP \(failure.status))."
                : "The server refused the request (HTTP \(failure.status))."
        case .unauthorized: return "You are not signed in or not allowed to do this."
        case .decoding: return "The server's answer could not be read."
        case .business(_, let message): return message ?? "The server could not complete the request."
        case .sessionExpired: return "Your session has expired. Please sign in again."
        case .configUnavailable: return "The app's configuration could not be loaded."
        case .notCached: return "This is not available offline."
        }
    }

    /// The technical reason, for a details view or a log: ``kindDescription``.
    public var failureReason: String? { kindDescription }

    /// What the person can do, when there is something: try again, check the connection, sign in.
    public var recoverySuggestion: String? {
        switch category {
        case .offline: return "Check the internet connection and try again."
        case .sessionExpired: return "Sign in again."
        default: return isRetryable ? "Try again later." : nil
        }
    }

    /// The error underneath, when there is one: the transport's `URLError`, or — in the errors an
    /// interceptor's `retry` and a metrics observer see — the app's own error a custom transport,
    /// an interceptor or a credential provider threw (a caller receives that error itself).
    public var underlyingError: (any Error)? {
        guard case .transport(let error) = kind else { return nil }
        return error.userInfo[NSUnderlyingErrorKey] as? any Error ?? error
    }

    /// Whether the error is one the app's own code threw (an interceptor, a credential provider)
    /// rather than a failure to reach the server: transports throw `URLError`s, and any other error
    /// is wrapped by `AttemptLoop.map` with ``appErrorKey``. Never hidden behind a stored copy.
    var isAppError: Bool {
        guard case .transport(let error) = kind else { return false }
        return error.userInfo[Self.appErrorKey] as? Bool == true
    }

    /// The app's own error this one carries through the pipeline (see ``isAppError``), if any.
    var appError: (any Error)? {
        guard isAppError, case .transport(let error) = kind else { return nil }
        return error.userInfo[NSUnderlyingErrorKey] as? any Error
    }

    /// The error a public call method throws for this one: the app's own error exactly as the app
    /// threw it, else this `SpecwrightError` (the boundary rule in docs/runtime.md, "Errors").
    var surfaced: any Error {
        appError ?? self
    }

    /// The `URLError.userInfo` key that marks a wrapped error of the app's.
    static let appErrorKey = "SpecwrightAppError"
}

extension SpecwrightError.Kind: Equatable {
    /// Same case with equal payloads (an ``SpecwrightError/HTTPFailure`` compares status, headers
    /// and body, a transport error its `URLError` code); `error.kind == .timeout` reads as it should.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.invalidRequest(let left), .invalidRequest(let right)): left == right
        case (.transport(let left), .transport(let right)): left.code == right.code
        case (.timeout, .timeout), (.cancelled, .cancelled), (.notCached, .notCached): true
        case (.responseTooLarge(let left), .responseTooLarge(let right)): left == right
        case (.httpStatus(let left), .httpStatus(let right)), (.unauthorized(let left), .unauthorized(let right)):
            left == right
        case (.decoding(let leftPath, let leftMessage), .decoding(let rightPath, let rightMessage)):
            leftPath == rightPath && leftMessage == rightMessage
        case (.business(let leftCode, let leftMessage), .business(let rightCode, let rightMessage)):
            leftCode == rightCode && leftMessage == rightMessage
        case (.sessionExpired(let left), .sessionExpired(let right)),
            (.configUnavailable(let left), .configUnavailable(let right)):
            left == right
        default: false
        }
    }
}

extension SpecwrightError.HTTPFailure: Equatable {
    /// Equal status, headers and body (the decoded typed body is derived from those).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
    }
}
