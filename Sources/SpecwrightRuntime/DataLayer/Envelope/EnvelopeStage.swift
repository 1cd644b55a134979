import Foundation

/// The pipeline stage for envelopes and session expiry.
///
/// Stage 1 (HTTP status) happened inside the retry loop. Stage 2 reads the business code of a 2xx
/// body: success codes pass with the body replaced by the raw `data` member (so the client's
/// ordinary decoding is stage 3), `sessionExpired` codes report the expiry once and fail with
/// `SpecwrightError` session expired, other codes fail with a business error. A session-expired
/// error from below (a failed token refresh) is reported too.
struct EnvelopeStage: CallStage {
    let unwrapper: EnvelopeUnwrapper?
    let session: SessionExpiry

    init(format: EnvelopeFormat?, session: SessionExpiry) {
        unwrapper = format.map(Self.unwrapper)
        self.session = session
    }

    /// The unwrapper of `format`.
    static func unwrapper(_ format: EnvelopeFormat) -> EnvelopeUnwrapper {
        EnvelopeUnwrapper(
            codeKey: format.codeKey, messageKey: format.messageKey, dataKey: format.dataKey,
            successCodes: Set(format.successCodes), sessionExpiredCodes: Set(format.sessionExpiredCodes),
            tokenExpiredCodes: Set(format.tokenExpiredCodes))
    }

    /// Whether `response` is a success the cache may keep: anything but a 2xx JSON body whose
    /// envelope carries a business error or session-expired code, or is no envelope at all (it
    /// would fail every time it was served).
    static func isCacheable(_ response: HTTPResponse, method: HTTPMethod, unwrapper: EnvelopeUnwrapper?) -> Bool {
        guard let unwrapper, response.isSuccess, method != .head, !response.body.isEmpty,
            mayBeJSON(response.header("content-type"))
        else { return true }
        if case .success = try? unwrapper.unwrap(response.body) { return true }
        return false
    }

    /// Whether a body with this `Content-Type` can be an envelope: JSON types, or no type at all
    /// (binary downloads of an enveloped service pass through untouched).
    static func mayBeJSON(_ contentType: String?) -> Bool {
        guard let contentType = contentType?.lowercased() else { return true }
        return contentType.contains("json")
    }

    func handle(_ context: CallContext, next: @escaping CallHandler) async throws -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try await next(context)
        } catch let error as SpecwrightError {
            // Below this stage only the token refresh ends a session: the refresh failed, the
            // refreshed token was rejected too, or the refresh window was used up.
            if case .sessionExpired = error.kind {
                session.report(SessionExpiredEvent(reason: .refreshFailed, operationName: context.operationName))
            }
            throw error
        }
        guard let unwrapper, context.options.usesEnvelope, response.isSuccess, context.request.method != .head,
            !response.body.isEmpty,
            Self.mayBeJSON(response.header("content-type"))
        else {
            return response
        }
        let outcome: EnvelopeOutcome
        do {
            outcome = try unwrapper.unwrap(response.body)
        } catch {
            throw SpecwrightError(.decoding(codingPath: "", message: "envelope: \(error)"))
        }
        switch outcome {
        case let .success(data):
            response.body = data
            return response
        case let .sessionExpired(code, message), let .tokenExpired(code, message):
            // A token-expired code reaches this stage only when no refresh applies to the call.
            session.report(
                SessionExpiredEvent(reason: .businessCode(code, message: message), operationName: context.operationName)
            )
            throw SpecwrightError(.sessionExpired("business code \(code)" + (message.map { ": \($0)" } ?? "")))
        case let .businessError(code, message):
            throw SpecwrightError(.business(code: code, message: message))
        }
    }
}
