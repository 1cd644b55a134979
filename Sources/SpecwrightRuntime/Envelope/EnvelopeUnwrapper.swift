import Foundation

/// What the business-code stage of envelope unwrapping decided.
enum EnvelopeOutcome: Sendable, Equatable {
    /// A success code: decode `data`.
    case success
    /// A session-expired code: report it once, fail the request with "session expired".
    case sessionExpired(code: Int, message: String?)
    /// Any other code: fail the request with a business error.
    case businessError(code: Int, message: String?)
}

/// Unwraps `{"code": 0, "message": "ok", "data": …}` responses in two stages after the HTTP status
/// stage: the business code first (`classify`), then `data` (`decodeData`). Both stages decode
/// with the service's own decoder, so its date strategy applies; the member names are passed to
/// the payload types through `userInfo`.
struct EnvelopeUnwrapper: Sendable {
    var codeKey: String
    var messageKey: String
    var dataKey: String
    var successCodes: Set<Int>
    var sessionExpiredCodes: Set<Int>

    /// Stage 2: reads the business code (a JSON integer, or a string holding one) and the
    /// optional message. Throws a `DecodingError` when the body is not such an object.
    func classify(_ body: Data, decoder: JSONDecoder) throws -> EnvelopeOutcome {
        let header = try configured(decoder).decode(EnvelopeHeader.self, from: body)
        if successCodes.contains(header.code) { return .success }
        if sessionExpiredCodes.contains(header.code) {
            return .sessionExpired(code: header.code, message: header.message)
        }
        return .businessError(code: header.code, message: header.message)
    }

    /// Stage 3: decodes the `data` member as `Value`. A missing or `null` member is `nil` for an
    /// optional `Value` and a `DecodingError` otherwise.
    func decodeData<Value: Decodable>(_ type: Value.Type, from body: Data, decoder: JSONDecoder) throws -> Value {
        try configured(decoder).decode(EnvelopePayload<Value>.self, from: body).value
    }

    /// A copy of `decoder` that knows this envelope's member names.
    private func configured(_ decoder: JSONDecoder) -> JSONDecoder {
        let copy = JSONDecoder()
        copy.dateDecodingStrategy = decoder.dateDecodingStrategy
        copy.dataDecodingStrategy = decoder.dataDecodingStrategy
        copy.keyDecodingStrategy = decoder.keyDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        var userInfo = decoder.userInfo
        if let key = EnvelopeMemberKey.userInfoKey {
            userInfo[key] = EnvelopeMemberNames(code: codeKey, message: messageKey, data: dataKey)
        }
        copy.userInfo = userInfo
        return copy
    }
}

/// The member names of an envelope, handed to the decodable payload types through `userInfo`.
struct EnvelopeMemberNames: Sendable {
    var code: String
    var message: String
    var data: String
}

/// A coding key named at runtime.
struct EnvelopeMemberKey: CodingKey {
    /// The `userInfo` key holding `EnvelopeMemberNames` (the initializer never fails for a literal).
    static let userInfoKey = CodingUserInfoKey(rawValue: "specwright.envelope.members")

    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// The member names configured on `decoder`, or the conventional `code`/`message`/`data`.
    static func names(in decoder: any Decoder) -> EnvelopeMemberNames {
        userInfoKey.flatMap { decoder.userInfo[$0] as? EnvelopeMemberNames }
            ?? EnvelopeMemberNames(code: "code", message: "message", data: "data")
    }
}

/// The business code and message of an envelope.
private struct EnvelopeHeader: Decodable {
    var code: Int
    var message: String?

    init(from decoder: any Decoder) throws {
        let names = EnvelopeMemberKey.names(in: decoder)
        let container = try decoder.container(keyedBy: EnvelopeMemberKey.self)
        let codeKey = EnvelopeMemberKey(stringValue: names.code)
        if let number = try? container.decode(Int.self, forKey: codeKey) {
            code = number
        } else if let text = try? container.decode(String.self, forKey: codeKey),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            code = number
        } else {
            // Rethrows the precise error (missing key or wrong type) with its coding path.
            code = try container.decode(Int.self, forKey: codeKey)
        }
        message = try? container.decodeIfPresent(String.self, forKey: EnvelopeMemberKey(stringValue: names.message))
    }
}

/// The payload member of an envelope.
private struct EnvelopePayload<Value: Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        let names = EnvelopeMemberKey.names(in: decoder)
        let container = try decoder.container(keyedBy: EnvelopeMemberKey.self)
        let key = EnvelopeMemberKey(stringValue: names.data)
        if !container.contains(key), let absent = (Value.self as? any AbsentEnvelopePayload.Type)?.absent as? Value {
            value = absent
        } else {
            value = try container.decode(Value.self, forKey: key)
        }
    }
}

/// Types a missing `data` member decodes to: `Optional` (as nil).
private protocol AbsentEnvelopePayload {
    static var absent: Self { get }
}

extension Optional: AbsentEnvelopePayload {
    fileprivate static var absent: Wrapped? { nil }
}
