import Foundation

extension AuthInterceptor {
    /// After `response` to `request`, sent with the credentials of `context`: the credentials to
    /// replay with when the response rejected a credential that its authenticator can refresh
    /// (`Authenticator.isAuthenticationFailure`, or one of the envelope's `tokenExpiredCodes`) —
    /// the rejected ones refreshed through their scheme's single-flight refresher, or replaced by
    /// a newer credential another call already obtained. Nil when the response is no such
    /// rejection (it is then classified as usual: a 401 is `.unauthorized`).
    ///
    /// Throws `sessionExpired` when the replay was rejected too (one replay per call: no loop),
    /// when the refresh fails or the refresh window is used up; `timeout` or `cancelled` while waiting.
    func replacements(
        after response: HTTPResponse, to request: HTTPRequest, context: AttemptContext, isReplay: Bool
    ) async throws(SpecwrightError) -> [AuthScheme: AnyCredential]? {
        guard let sent = context.credentials else { return nil }
        let refreshable = sent.entries.filter(\.authenticator.refreshes)
        guard !refreshable.isEmpty else { return nil }
        let envelopeCode = context.call.options.usesEnvelope ? envelope?.tokenExpiredCode(in: response) : nil
        let rejected = refreshable.filter {
            envelopeCode != nil || $0.authenticator.isAuthenticationFailure(response, for: request)
        }
        guard !rejected.isEmpty else { return nil }
        if isReplay {
            let answer = envelopeCode.map { "business code \($0)" } ?? "status \(response.status)"
            throw SpecwrightError(
                .sessionExpired("the server rejected the replay with refreshed credentials too (\(answer))"))
        }
        var replacements = context.replacements
        let account = await providers.account()
        for entry in rejected {
            let refresher = providers.refreshers.refresher(for: entry.scheme, authenticator: entry.authenticator)
            // The call waits for the shared refresh at most as long as its own timeout.
            replacements[entry.scheme] = try await refresher.credential(
                afterRejecting: context.replacements[entry.scheme] ?? entry.credential,
                maxWait: context.call.options.timeout, account: account)
        }
        return replacements
    }
}
