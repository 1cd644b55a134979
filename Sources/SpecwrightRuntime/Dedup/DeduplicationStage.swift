import Foundation

/// The pipeline stage that lets concurrent identical GET/HEAD calls share one network call.
/// The signature covers method, URL, the built request headers and the account identity.
///
/// Only the caller whose call runs records attempts in its trace; the others get the same
/// response with a trace that shows no attempt of their own.
struct DeduplicationStage: CallStage {
    let calls = InFlightDeduplicator<HTTPResponse>()
    let accountIdentity: @Sendable () async -> String?

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        let request = context.request
        guard RequestSignature.isShareable(method: request.method.rawValue) else { return try await next(context) }
        let signature = RequestSignature(
            method: request.method.rawValue, url: request.url.absoluteString,
            headers: HeaderLookup.dictionary(request.headers), account: await accountIdentity() ?? "")
        do {
            return try await calls.run(signature.key) { try await next(context) }
        } catch is CancellationError {
            throw SpecwrightError(.cancelled)
        }
    }
}
