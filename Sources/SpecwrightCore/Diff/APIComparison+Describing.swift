/// Short, stable descriptions of IR values for change messages.
extension APIComparison {
    static func describe(_ auth: IR.Auth) -> String {
        switch auth {
        case .none: "none"
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKeyCookie(let name): "an API key in cookie '\(name.value)'"
        case .apiKeyHeader(let name): "an API key in header '\(name.value)'"
        case .apiKeyQuery(let name): "an API key in query '\(name.value)'"
        }
    }

    /// `bearer or an API key in header 'api_key'`; `none` for no credentials.
    static func describe(_ requirement: IR.AuthRequirement) -> String {
        switch requirement {
        case .inherit: "the service's scheme"
        case .none: "none"
        case .anyOf(let alternatives):
            alternatives.map { $0.isEmpty ? "anonymous" : $0.map(describe).joined(separator: " + ") }.joined(
                separator: " or ")
        }
    }

    /// What differs between two envelopes (`success codes [0] → [0, 200]`).
    static func envelopeChange(_ old: IR.Envelope?, _ new: IR.Envelope?) -> String {
        guard let old, let new else {
            return old == nil
                ? "responses are now wrapped in an envelope" : "responses are no longer wrapped in an envelope"
        }
        let parts: [(String, String, String)] = [
            ("code key", old.codeKey.value, new.codeKey.value),
            ("message key", old.messageKey.value, new.messageKey.value),
            ("data key", old.dataKey.value, new.dataKey.value),
            ("success codes", "\(old.successCodes)", "\(new.successCodes)"),
            ("session-expired codes", "\(old.sessionExpiredCodes)", "\(new.sessionExpiredCodes)"),
            ("token-expired codes", "\(old.tokenExpiredCodes)", "\(new.tokenExpiredCodes)")
        ]
        return parts.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) → \($0.2)" }.joined(separator: ", ")
    }

    static func describe(_ response: IR.Response) -> String {
        switch response {
        case .none: "no body"
        case .json(let type): type.code
        case .binary: "binary data"
        case .text: "text"
        case .stream(let type, .serverSentEvents): "server-sent events of " + type.code
        case .stream(let type, .jsonLines): "JSON Lines of " + type.code
        }
    }

    static func describe(_ body: IR.RequestBodyKind?) -> String {
        switch body {
        case nil: "none"
        case .json: "JSON"
        case .binary(let contentType): "binary (\(contentType.value))"
        case .formURLEncoded: "a form"
        case .multipart: "multipart"
        }
    }

    static func describe(_ location: IR.ParameterLocation) -> String {
        switch location {
        case .path: "path"
        case .query: "query"
        case .header: "header"
        case .cookie: "cookie"
        case .body: "body"
        case .formField: "form"
        case .multipartPart: "multipart body"
        }
    }
}
