import Foundation

/// The pipeline stage that lets concurrent identical GET/HEAD calls share one network call.
/// The signature covers method, URL, the built request headers and the call's partition
/// (`CredentialCaptureStage`: account identity, else a keyed hash of the credentials), so calls
/// with different credentials never share a response; a call without a captured partition is
/// never shared.
///
/// Only the caller whose call runs records attempts in its trace; the others get the same
/// response with a trace that shows no attempt of their own.
struct DeduplicationStage: CallStage {
    let calls = InFlightDeduplicator<HTTPResponse>()

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        let request = context.request
        guard RequestSignature.isShareable(method: request.method.rawValue), let partition = context.partition else {
            return try await next(context)
        }
        let signature = RequestSignature(
            method: request.method.rawValue, url: request.url.absoluteString,
            headers: HeaderLookup.dictionary(request.headers), account: partition)
        do {
            return try await calls.run(signature.key) { try await next(context) }
        } catch is CancellationError {
            throw SpecwrightError(.cancelled)
        }
    }
}
