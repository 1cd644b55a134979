import Foundation

/// What the business-code stage of envelope unwrapping decided.
enum EnvelopeOutcome: Sendable, Equatable {
    /// A success code: the payload is `data` (raw JSON bytes; `null` when the member is absent).
    case success(data: Data)
    /// A session-expired code: report it once, fail the request with "session expired".
    case sessionExpired(code: Int, message: String?)
    /// A token-expired code: the credentials were rejected; refreshed and replayed by the attempt
    /// loop when the call's authenticator refreshes, else like a session-expired code.
    case tokenExpired(code: Int, message: String?)
    /// Any other code: fail the request with a business error.
    case businessError(code: Int, message: String?)
}

/// Why a body could not be read as an envelope.
struct EnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `missing business code "code"`.
    var reason: String

    var description: String { reason }
}

/// Unwraps `{"code": 0, "message": "ok", "data": …}` bodies. The HTTP status has been checked
/// before (stage 1); this is stage 2, the business code; stage 3, decoding the returned `data`
/// bytes, is the client's ordinary decoding with the service's decoder.
struct EnvelopeUnwrapper: Sendable {
    var codeKey: String
    var messageKey: String
    var dataKey: String
    var successCodes: Set<Int>
    var sessionExpiredCodes: Set<Int>
    var tokenExpiredCodes: Set<Int> = []

    /// Reads the business code (a JSON integer, or a string holding one) and the optional message,
    /// and classifies the body. Throws `EnvelopeError` when the body is not such an object.
    func unwrap(_ body: Data) throws -> EnvelopeOutcome {
        let members: [String: Range<Int>]
        do {
            members = try JSONMemberScanner.members(of: body)
        } catch let error as JSONMemberScanner.Malformed {
            throw EnvelopeError(
                reason: "the body is not a JSON object (expected \(error.expected) at byte \(error.offset))")
        }
        guard let codeRange = members[codeKey] else {
            throw EnvelopeError(reason: "missing business code \"\(codeKey)\"")
        }
        let codeBytes = body.subdata(in: codeRange)
        let code: Int
        if let number = try? JSONDecoder().decode(Int.self, from: codeBytes) {
            code = number
        } else if let text = try? JSONDecoder().decode(String.self, from: codeBytes),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            code = number
        } else {
            throw EnvelopeError(reason: "business code \"\(codeKey)\" is not an integer")
        }
        if successCodes.contains(code) {
            return .success(data: members[dataKey].map { body.subdata(in: $0) } ?? Data("null".utf8))
        }
        let message = members[messageKey].flatMap { try? JSONDecoder().decode(String.self, from: body.subdata(in: $0)) }
        if tokenExpiredCodes.contains(code) {
            return .tokenExpired(code: code, message: message)
        }
        if sessionExpiredCodes.contains(code) {
            return .sessionExpired(code: code, message: message)
        }
        return .businessError(code: code, message: message)
    }

    /// The code of `response`'s envelope when it is one of `tokenExpiredCodes`, whatever the
    /// status (services send it with a 200, a 401 or a 403); nil for anything else.
    func tokenExpiredCode(in response: HTTPResponse) -> Int? {
        guard !tokenExpiredCodes.isEmpty, !response.body.isEmpty,
            EnvelopeStage.mayBeJSON(response.header("content-type")),
            case .tokenExpired(let code, _)? = try? unwrap(response.body)
        else { return nil }
        return code
    }
}
