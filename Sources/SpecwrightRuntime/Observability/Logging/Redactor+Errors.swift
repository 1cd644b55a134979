import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Redactor {
    /// `error` with every URL and message it carries redacted: its `url`, the reasons of
    /// `invalidRequest`/`sessionExpired`/`configUnavailable`, and the `URLError` of `.transport`,
    /// rebuilt with redacted `userInfo` (failing URL and URL string, description, underlying errors).
    /// The HTTP failure's headers and body stay as received: they are data for the app, not text
    /// for a log, and `description` never prints them.
    func redact(_ error: SpecwrightError) -> SpecwrightError {
        var error = error
        error.url = error.url.map(text)
        switch error.kind {
        case .transport(let urlError): error.kind = .transport(redact(urlError))
        case .invalidRequest(let reason): error.kind = .invalidRequest(text(reason))
        case .sessionExpired(let reason): error.kind = .sessionExpired(text(reason))
        case .configUnavailable(let reason): error.kind = .configUnavailable(text(reason))
        case .business(let code, let message): error.kind = .business(code: code, message: message.map(text))
        case .decoding, .timeout, .cancelled, .httpStatus, .unauthorized, .responseTooLarge, .notCached: break
        }
        return error
    }

    /// The `URLError` with the same code and redacted `userInfo`.
    func redact(_ error: URLError) -> URLError {
        URLError(error.code, userInfo: redact(userInfo: error.userInfo, depth: 0))
    }

    /// Redacts URL and string values; recurses into underlying errors (rebuilt as `NSError` only
    /// when they carried something to redact, so an app's own error type survives otherwise).
    private func redact(userInfo: [String: Any], depth: Int) -> [String: Any] {
        var result = userInfo
        for (key, value) in userInfo {
            if let redacted = redacted(value, depth: depth) { result[key] = redacted }
        }
        return result
    }

    /// The redacted value, or `nil` when there was nothing to redact.
    private func redacted(_ value: Any, depth: Int) -> Any? {
        switch value {
        case let url as URL:
            let text = self.url(url)
            guard text != url.absoluteString else { return nil }
            let encoded = text.replacingOccurrences(of: Self.marker, with: "%3Credacted%3E")
            return URL(string: encoded) ?? text
        case let string as String:
            let text = self.text(string)
            return text == string ? nil : text
        case let errors as [any Error]:
            let redacted = errors.map { self.redacted($0, depth: depth + 1) }
            guard redacted.contains(where: { $0 != nil }) else { return nil }
            return zip(errors, redacted).map { $1 ?? $0 }
        case let error as any Error:
            let bridged = error as NSError
            guard depth < 8 else { return NSError(domain: bridged.domain, code: bridged.code) }
            var changed = false
            var userInfo = bridged.userInfo
            for (key, value) in bridged.userInfo {
                if let redacted = redacted(value, depth: depth + 1) {
                    userInfo[key] = redacted
                    changed = true
                }
            }
            return changed ? NSError(domain: bridged.domain, code: bridged.code, userInfo: userInfo) : nil
        default:
            return nil
        }
    }
}
