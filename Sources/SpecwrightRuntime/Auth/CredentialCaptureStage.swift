import Foundation

/// Captures, once per call and before the cache and de-duplication look at it, who the call is
/// for: the credentials it will send (`CallContext.credentials`, applied to every attempt) and the
/// partition derived from them (`CallContext.partition`).
///
/// The partition is the app's account identity when it supplies one; otherwise, when the call
/// carries credentials, a keyed hash of them (HMAC-SHA-256 with the cache's random salt — the
/// secret itself is never stored); otherwise `""`, the anonymous partition. So responses to
/// requests with different credentials are never shared by default (RFC 9111 §3.5: a response to
/// an authenticated request belongs to that user's private cache), and a token refresh starts a
/// new partition unless the app names the account.
///
/// The identity is read before and after the credentials; if it changed in between (an account
/// switch), or a provider failed, nothing is captured: the cache stays out of the call and the
/// attempt loop resolves the credentials itself (and reports a provider's error as before). A
/// `SpecwrightError` (a failed proactive refresh, cancellation) ends the call at once.
struct CredentialCaptureStage: CallStage {
    /// Resolves the credentials a call would send now.
    let auth: AuthInterceptor
    let accountIdentity: @Sendable () async -> String?
    /// Keys the hash of a credential text.
    let fingerprint: CredentialFingerprint
    /// Where the client keeps the last signed-in partition (`APIClient.signOut()`).
    var signedIn: SignedInPartitionRecord?

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        var context = context
        let identity = await accountIdentity()
        let credentials: CallCredentials?
        do {
            credentials = try await auth.resolve(for: context)
        } catch let error as SpecwrightError {
            // A refresh of an expiring credential failed: asking again below would refresh again.
            throw error
        } catch {
            credentials = nil
        }
        if let credentials, await accountIdentity() == identity {
            context.credentials = credentials
            context.partition = Self.partition(
                identity: identity, credentials: credentials, fingerprint: { fingerprint($0) })
            signedIn?.record(context.partition)
        }
        return try await next(context)
    }

    /// The identity, else `credential:<hash>` for credentials, else `""`.
    static func partition(identity: String?, credentials: CallCredentials, fingerprint: (String) -> String) -> String {
        if let identity { return identity }
        return credentials.isEmpty ? "" : "credential:" + fingerprint(credentials.material)
    }
}
