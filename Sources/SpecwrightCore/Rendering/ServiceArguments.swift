import Mustache

/// The arguments of the generated `static let service = ServiceDescription(…)`, and the
/// runtime policy expressions endpoints share with it.
enum ServiceArguments {
    static func arguments(_ service: IR.Service, groups: [IR.EndpointGroup] = []) -> [String] {
        var arguments = ["name: " + service.name.code, "baseURL: URL(string: \(service.baseURL.code))!"]
        if !service.headers.isEmpty {
            let headers = service.headers.map { "HTTPHeader(\($0.name.code), \($0.value.code))" }
            arguments.append("headers: [" + headers.joined(separator: ", ") + "]")
        }
        if service.auth != .none { arguments.append("auth: " + scheme(service.auth)) }
        if service.dates != .iso8601 { arguments.append("dates: ." + service.dates.rawValue) }
        if let envelope = service.envelope {
            let codes = { (values: [Int]) in "[" + values.map(String.init).joined(separator: ", ") + "]" }
            var envelopeArguments = [
                "codeKey: " + envelope.codeKey.code, "messageKey: " + envelope.messageKey.code,
                "dataKey: " + envelope.dataKey.code, "successCodes: " + codes(envelope.successCodes),
                "sessionExpiredCodes: " + codes(envelope.sessionExpiredCodes)
            ]
            if !envelope.tokenExpiredCodes.isEmpty {
                envelopeArguments.append("tokenExpiredCodes: " + codes(envelope.tokenExpiredCodes))
            }
            arguments.append(SourceLayout.call(head: "envelope: EnvelopeFormat", items: envelopeArguments))
        }
        arguments.append("timeout: " + SourceLayout.number(service.timeout))
        arguments.append("retry: " + retry(service.retry))
        arguments.append("cache: " + cache(service.cache))
        if let gate = gateEndpoint(in: groups) { arguments.append("gateEndpoint: " + gate) }
        return arguments
    }

    /// The `gate: true` endpoint as an expression (`ConfigEndpoint.fetch`), so the runtime holds
    /// other requests back from the first call on. Only a parameterless gate can be built here;
    /// otherwise the runtime learns the gate from the app's own first gate call.
    static func gateEndpoint(in groups: [IR.EndpointGroup]) -> String? {
        for group in groups {
            for endpoint in group.endpoints where endpoint.options.isGate && endpoint.parameters.isEmpty {
                return group.enumName.code + "." + endpoint.name.code
            }
        }
        return nil
    }

    /// An `AuthScheme` expression: `.bearer`, `.apiKeyHeader("X-Api-Key")`, ….
    static func scheme(_ auth: IR.Auth) -> String {
        switch auth {
        case .none: ".none"
        case .bearer: ".bearer"
        case .basic: ".basic"
        case .apiKeyHeader(let name): ".apiKeyHeader(\(name.code))"
        case .apiKeyQuery(let name): ".apiKeyQuery(\(name.code))"
        case .apiKeyCookie(let name): ".apiKeyCookie(\(name.code))"
        }
    }

    /// An `AuthRequirement` expression (`.none`, `.anyOf([[.bearer], [.apiKeyQuery("key")]])`), or
    /// nil for `.inherit`, which `EndpointOptions` assumes.
    static func requirement(_ requirement: IR.AuthRequirement) -> String? {
        switch requirement {
        case .inherit: nil
        case .none: ".none"
        case .anyOf(let alternatives):
            ".anyOf([" + alternatives.map { "[" + $0.map(scheme).joined(separator: ", ") + "]" }.joined(separator: ", ")
                + "])"
        }
    }

    static func retry(_ retry: IR.Retry) -> String {
        if retry.maxRetries == 0 { return "RetryPolicy.none" }  // `.none` would mean `nil` for an optional
        if retry == IR.Retry(maxRetries: 3, baseDelay: 0.5, maxDelay: 8) { return ".default" }
        var arguments = [
            "maxRetries: \(retry.maxRetries)", "baseDelay: \(SourceLayout.number(retry.baseDelay))",
            "maxDelay: \(SourceLayout.number(retry.maxDelay))"
        ]
        if let deadline = retry.deadline { arguments.append("deadline: \(SourceLayout.number(deadline))") }
        if retry.honoursLongRetryAfter { arguments.append("honoursLongRetryAfter: true") }
        if let statuses = retry.statuses {
            arguments.append("retryableStatuses: [" + statuses.map(String.init).joined(separator: ", ") + "]")
        }
        if let errors = retry.transportErrors {
            arguments.append("retryableTransportErrors: [" + errors.map { "." + $0 }.joined(separator: ", ") + "]")
        }
        return "RetryPolicy(" + arguments.joined(separator: ", ") + ")"
    }

    static func cache(_ cache: IR.Cache) -> String {
        switch cache {
        case .networkOnly: ".networkOnly"
        case .http: ".http"
        case .cacheFirst(let ttl): ".cacheFirst(ttl: \(SourceLayout.number(ttl)))"
        case .networkFirst(let ttl): ".networkFirst(ttl: \(SourceLayout.number(ttl)))"
        case .staleWhileRevalidate(let ttl): ".staleWhileRevalidate(ttl: \(SourceLayout.number(ttl)))"
        }
    }

    /// The argument list as template items: `{text, separator}` with `,` on all but the last.
    static func items(_ arguments: [String]) -> MustacheValue {
        .list(
            arguments.enumerated().map { index, text in
                ["text": .string(text), "separator": .string(index == arguments.count - 1 ? "" : ",")]
            })
    }
}
