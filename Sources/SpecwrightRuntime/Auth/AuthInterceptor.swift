import Foundation

/// Attaches the credentials the call's `AuthRequirement` asks for (`.inherit`: the service's
/// `AuthScheme`), each through its scheme's `Authenticator` (`CredentialProviders` chooses the
/// alternative). Endpoints with `auth: .none` get nothing. Also resolves the credentials (with a
/// proactive refresh of those about to expire) and handles rejections (`AuthInterceptor+Renewal`).
struct AuthInterceptor: Interceptor {
    let providers: CredentialProviders
    /// The service's envelope reader, for its `tokenExpiredCodes`.
    var envelope: EnvelopeUnwrapper?
    let clock: any RuntimeClock

    /// Applies the attempt's credentials (`AttemptContext.credentials`, set by the attempt loop),
    /// refreshed ones in place of rejected ones on a replay.
    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        guard let credentials = context.credentials else { return request }
        return try credentials.applied(to: request, replacing: context.replacements)
    }

    /// The credentials an attempt of `call` sends: those captured when the call started, else
    /// resolved now.
    func credentials(for call: CallContext) async throws -> CallCredentials {
        if let captured = call.credentials { return captured }
        return try await resolve(for: call)
    }

    /// Asks the authenticators for the credentials of the alternative `call` sends. A credential
    /// its authenticator says is about to expire is refreshed first (`proactive`; not for `signOut()`).
    func resolve(for call: CallContext, proactive: Bool = true) async throws -> CallCredentials {
        var entries: [CallCredentials.Entry] = []
        for scheme in providers.alternative(for: call.options.auth, service: call.service.auth) {
            guard let authenticator = providers.authenticator(for: scheme) else { continue }
            var credential = try await authenticator.credential(for: scheme)
            if proactive, authenticator.refreshes, let current = credential,
                authenticator.requiresRefresh(current, now: clock.currentDate())
            {
                let refresher = providers.refreshers.refresher(for: scheme, authenticator: authenticator)
                credential = try await refresher.credential(
                    afterRejecting: current, maxWait: call.options.timeout, proactive: true,
                    account: await providers.account())
            }
            entries.append(CallCredentials.Entry(scheme: scheme, authenticator: authenticator, credential: credential))
        }
        return try CallCredentials(entries: entries, footprintOn: call.request)
    }
}
