import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SpecwrightError {
    /// Whether this error is the network's, which a new connection may cure: a transport
    /// `URLError` (the connection lost or refused, the host not found, no network, TLS broken) or a
    /// silence past the timeout. Not an error of the app's own code (an interceptor's, a credential
    /// provider's), nor a transport code that says the request itself cannot work (a bad URL, a
    /// refused authentication challenge, too many redirects, an unparsable response).
    var isConnectionFailure: Bool {
        switch kind {
        case .timeout: return true
        case .transport(let urlError): return !isAppError && !Self.notConnectionFailures.contains(urlError.code)
        default: return false
        }
    }

    /// `error` as the runtime sees an error that ended an exchange: a `SpecwrightError` as is, a
    /// `URLError` (or its `NSError`) and anything else through `AttemptLoop.map`.
    static func connectionView(of error: any Error) -> SpecwrightError {
        if let error = error as? SpecwrightError { return error }
        return SpecwrightError(AttemptLoop.map(urlError(error) ?? error))
    }

    /// `error` as a `URLError`: itself, or an `NSError` of `NSURLErrorDomain` (as code that builds
    /// `NSError`s by hand throws it).
    static func urlError(_ error: any Error) -> URLError? {
        if let urlError = error as? URLError { return urlError }
        let nsError = error as NSError
        // `URLError.Code(rawValue:)` is failable in swift-corelibs-foundation only.
        guard nsError.domain == NSURLErrorDomain, let code = Optional(URLError.Code(rawValue: nsError.code)) ?? nil
        else { return nil }
        return URLError(code, userInfo: nsError.userInfo)
    }

    /// Transport error codes that say the request itself cannot work, whatever the connection.
    static let notConnectionFailures: Set<URLError.Code> = [
        .badURL, .unsupportedURL, .cancelled, .userCancelledAuthentication, .userAuthenticationRequired,
        .fileDoesNotExist, .noPermissionsToReadFile, .dataLengthExceedsMaximum, .cannotDecodeContentData,
        .cannotDecodeRawData, .cannotParseResponse, .httpTooManyRedirects, .redirectToNonExistentLocation
    ]
}
