import SpecwrightYAML

extension SpecDecoder {
    mutating func decodeStaticHeaders(_ node: Node) -> [StaticHeader] {
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of header names to values for 'headers', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var headers: [StaticHeader] = []
        for entry in mapping {
            guard let name = headerName(entry.key) else { continue }
            guard let value = text(entry.value, "header '\(name)'") else { continue }
            if value.contains(where: { $0 == "\r" || $0 == "\n" }) {
                diagnostics.error("the value of header '\(name)' must be one line", at: entry.value.location)
                continue
            }
            headers.append(StaticHeader(name: name, value: value, location: entry.key.location))
        }
        return headers
    }

    /// An HTTP header name (RFC 9110 token); reports anything else.
    mutating func headerName(_ node: Node) -> String? {
        guard let name = text(node, "a header name") else { return nil }
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
            diagnostics.error(
                "invalid header name '\(NodeDescription.excerpt(name))' (letters, digits and !#$%&'*+-.^_`|~ only)",
                at: node.location)
            return nil
        }
        return name
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    static let authAlternatives = "bearer, none, { apiKey: { header: NAME } } or { apiKey: { query: NAME } }"

    mutating func decodeAuth(_ node: Node, owner: SourceLocation) -> AuthSetting? {
        if node.scalar != nil {
            guard let value = word(node, "'auth'") else { return nil }
            switch value {
            case "bearer": return .bearer
            case "none": return AuthSetting.none
            default:
                let hint = Suggestions.didYouMean(value, in: ["bearer", "none", "apiKey"])
                diagnostics.error(
                    "invalid auth '\(NodeDescription.excerpt(value))' (expected \(Self.authAlternatives))\(hint.text)",
                    at: node.location, suggestion: hint.suggestion)
                return nil
            }
        }
        guard
            let reader = MappingReader(
                node, context: "'auth'", allowed: ["apiKey"], owner: owner, diagnostics: &diagnostics)
        else { return nil }
        guard let apiKey = reader.required("apiKey", diagnostics: &diagnostics),
            let keyReader = MappingReader(
                apiKey, context: "'apiKey'", allowed: ["header", "query"], owner: reader.entry("apiKey")?.key.location,
                diagnostics: &diagnostics)
        else { return nil }
        switch (keyReader["header"], keyReader["query"]) {
        case (let header?, nil):
            return headerName(header).map { .apiKeyHeader($0) }
        case (nil, let query?):
            return word(query, "'query'").map { .apiKeyQuery($0) }
        case (_?, _?):
            diagnostics.error("'apiKey' takes either 'header' or 'query', not both", at: keyReader.owner)
            return nil
        case (nil, nil):
            diagnostics.error(
                "'apiKey' needs 'header' or 'query' (the name the key is sent under)", at: keyReader.owner)
            return nil
        }
    }

    mutating func decodeEnvelope(_ node: Node, owner: SourceLocation) -> EnvelopeSetting? {
        guard
            let reader = MappingReader(
                node, context: "'envelope'",
                allowed: ["code", "message", "data", "success", "sessionExpired", "tokenExpired"], owner: owner,
                diagnostics: &diagnostics)
        else { return nil }
        let code = reader.required("code", diagnostics: &diagnostics).flatMap { text($0, "'code'") }
        let message = reader.required("message", diagnostics: &diagnostics).flatMap { text($0, "'message'") }
        let data = reader.required("data", diagnostics: &diagnostics).flatMap { text($0, "'data'") }
        let success = reader.required("success", diagnostics: &diagnostics).flatMap { integerList($0, "'success'") }
        let expired = reader["sessionExpired"].flatMap { integerList($0, "'sessionExpired'") } ?? []
        let tokenExpired = reader["tokenExpired"].flatMap { integerList($0, "'tokenExpired'") } ?? []
        guard let code, let message, let data, let success else { return nil }
        if let successNode = reader["success"], success.isEmpty {
            diagnostics.error("'success' needs at least one code", at: successNode.location)
        }
        for (key, codes) in [("sessionExpired", expired), ("tokenExpired", tokenExpired)] {
            if let node = reader[key], let shared = codes.first(where: success.contains) {
                diagnostics.error("'\(key)' lists \(shared), which 'success' lists too", at: node.location)
            }
        }
        if let node = reader["tokenExpired"], let shared = tokenExpired.first(where: expired.contains) {
            diagnostics.error("'tokenExpired' lists \(shared), which 'sessionExpired' lists too", at: node.location)
        }
        return EnvelopeSetting(
            codeKey: code, messageKey: message, dataKey: data, successCodes: success, sessionExpiredCodes: expired,
            tokenExpiredCodes: tokenExpired, location: node.location)
    }

    mutating func decodeDefaults(_ node: Node) -> EndpointDefaults {
        guard
            let reader = MappingReader(
                node, context: "'defaults'", allowed: ["timeout", "retry", "cache"], diagnostics: &diagnostics)
        else {
            return .standard
        }
        let standard = EndpointDefaults.standard
        return EndpointDefaults(
            timeout: reader["timeout"].flatMap { positiveSeconds($0, "'timeout'") } ?? standard.timeout,
            retry: reader["retry"].flatMap { decodeRetry($0) } ?? standard.retry,
            cache: reader.entry("cache").flatMap { decodeCache($0.value, owner: $0.key.location) } ?? standard.cache)
    }

    mutating func decodeCache(_ node: Node, owner: SourceLocation) -> CacheSetting? {
        decodeCache(node, owner: owner, allowsLifetime: false)?.setting
    }

    /// An endpoint's `cache:`: a policy and, in the mapping form, who decides the lifetime
    /// (`lifetime: app | server`; only endpoints take it — the runtime sets it per endpoint).
    mutating func decodeCache(_ node: Node, owner: SourceLocation, allowsLifetime: Bool) -> (
        setting: CacheSetting, lifetime: CacheLifetimeSetting?
    )? {
        if node.scalar != nil {
            guard let value = word(node, "'cache'") else { return nil }
            if value == "none" { return (CacheSetting.none, nil) }
            if value == "http" { return (CacheSetting.http, nil) }
            diagnostics.error(
                "invalid cache '\(NodeDescription.excerpt(value))' (expected none, http or { policy: \(CacheSetting.policyNames.joined(separator: " | ")), ttl: SECONDS })",
                at: node.location)
            return nil
        }
        let keys = ["policy", "ttl"] + (allowsLifetime ? ["lifetime"] : [])
        guard
            let reader = MappingReader(node, context: "'cache'", allowed: keys, owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let lifetime = reader["lifetime"].flatMap { keyword($0, "'lifetime'", CacheLifetimeSetting.self) }
        let policyNode = reader.required("policy", diagnostics: &diagnostics)
        let ttl = reader.required("ttl", diagnostics: &diagnostics).flatMap { positiveSeconds($0, "'ttl'") }
        guard let policyNode, let policy = word(policyNode, "'policy'") else { return nil }
        let make: ((Double) -> CacheSetting)?
        switch policy {
        case "cacheFirst": make = { .cacheFirst(ttl: $0) }
        case "networkFirst": make = { .networkFirst(ttl: $0) }
        case "staleWhileRevalidate": make = { .staleWhileRevalidate(ttl: $0) }
        default:
            make = nil
            let hint = Suggestions.didYouMean(policy, in: CacheSetting.policyNames)
            diagnostics.error(
                "invalid cache policy '\(NodeDescription.excerpt(policy))' (expected \(Self.alternatives(CacheSetting.policyNames)))\(hint.text)",
                at: policyNode.location, suggestion: hint.suggestion)
        }
        guard let make, let ttl else { return nil }
        return (make(ttl), lifetime)
    }

    /// `2`, `0.5` — numbers as a person would write them.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
