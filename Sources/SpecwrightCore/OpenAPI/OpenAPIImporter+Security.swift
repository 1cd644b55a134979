import SpecwrightYAML

extension OpenAPIImporter {
    /// What the importer remembers about security while it lowers operations.
    struct SecurityState {
        /// Schemes of `components/securitySchemes` lowered so far (nil: not declared).
        var schemes: [String: LoweredScheme?] = [:]
        /// The document's top-level `security`, lowered once.
        var document: (requirement: IR.AuthRequirement, documentation: String?)?
        /// The service's auth scheme (operations whose effective security is this scheme inherit it).
        var serviceAuth: IR.Auth = .none
    }

    /// A security scheme of `components/securitySchemes` as the runtime sends it.
    struct LoweredScheme: Hashable {
        /// The runtime scheme, or nil when it cannot be sent (warned about once).
        var auth: IR.Auth?
        /// The scheme's name in the document.
        var name: String
        /// What it is, for the doc comment: `OAuth 2 bearer token`, `API key in header X-Key`.
        var kind: String

        /// `` `petstore_auth` (OAuth 2 bearer token; scopes: read:pets, write:pets) ``.
        func summary(scopes: [String]) -> String {
            "`\(name)` (\(kind)" + (scopes.isEmpty ? "" : "; scopes: " + scopes.joined(separator: ", ")) + ")"
        }
    }

    /// An operation's effective security (its own `security`, else the document's, else none)
    /// as a requirement, and a doc comment line naming the schemes and OAuth scopes.
    ///
    /// `.inherit` is returned when the requirement is what the service's scheme already means,
    /// so the generated options stay quiet for the common case.
    mutating func operationSecurity(_ operation: OpenAPI.Operation) -> (
        requirement: IR.AuthRequirement, documentation: String?
    ) {
        let lowered: (requirement: IR.AuthRequirement, documentation: String?)
        if let list = operation.security {
            lowered = lowerSecurity(list)
        } else if let document = documentSecurity() {
            lowered = document
        } else {
            return (security.serviceAuth == .none ? .inherit : .none, nil)
        }
        let (requirement, documentation) = lowered
        return (requirement == .inherited(from: security.serviceAuth) ? .inherit : requirement, documentation)
    }

    /// The service's scheme (used by hand-written endpoints and operations that inherit it): the
    /// document's `security` when its first alternative with credentials is a single scheme.
    mutating func lowerServiceAuth() -> IR.Auth {
        guard let alternatives = documentSecurity()?.requirement.alternatives else { return .none }
        guard let first = alternatives.first(where: { !$0.isEmpty }), first.count == 1 else { return .none }
        return first[0]
    }

    /// The document's top-level `security` (nil when it has none), lowered on first use.
    private mutating func documentSecurity() -> (requirement: IR.AuthRequirement, documentation: String?)? {
        if let document = security.document { return document }
        guard let list = document.security else { return nil }
        let lowered = lowerSecurity(list)
        security.document = lowered
        return lowered
    }

    /// A `security` list: alternatives (`[{a: []}, {b: []}]`), each a combination of schemes
    /// (`{a: [], b: []}`), `{}` allowing anonymous access. Alternatives with a scheme that cannot
    /// be sent are left out (the scheme is warned about); with none left, nothing is sent.
    private mutating func lowerSecurity(_ list: OpenAPI.SecurityRequirements) -> (
        requirement: IR.AuthRequirement, documentation: String?
    ) {
        guard let items = list.alternatives else {
            skip(
                .security, "'security' must be a list of security requirement objects; no credentials are sent",
                at: list.location)
            return (.none, nil)
        }
        var alternatives: [[IR.Auth]] = []
        var descriptions: [String] = []
        for item in items {
            var schemes: [IR.Auth] = []
            var parts: [String] = []
            var sendable = true
            for (name, scopes) in item.schemes {
                guard let scheme = securityScheme(named: name, usedAt: item.location), let auth = scheme.auth else {
                    sendable = false
                    continue
                }
                if !schemes.contains(auth) { schemes.append(auth) }
                parts.append(scheme.summary(scopes: scopes))
            }
            guard sendable, !alternatives.contains(schemes) else { continue }
            alternatives.append(schemes)
            descriptions.append(parts.isEmpty ? "no credentials" : parts.joined(separator: " and "))
        }
        guard !alternatives.isEmpty, alternatives != [[]] else { return (.none, nil) }
        return (.anyOf(alternatives), "Security: " + descriptions.joined(separator: ", or "))
    }

    /// The scheme `name` of `components/securitySchemes`, lowered once; nil (warned once) when
    /// it is not declared.
    private mutating func securityScheme(named name: String, usedAt location: SourceLocation) -> LoweredScheme? {
        if let known = security.schemes[name] { return known }
        guard let scheme = document.components.securityScheme(named: name).flatMap({ resolved($0) }) else {
            skip(
                .security,
                "security scheme '\(name)' is not declared in 'components/securitySchemes'; requirements using it are left out",
                at: location)
            security.schemes[name] = .some(nil)
            return nil
        }
        let lowered = lowerScheme(scheme, name: name)
        security.schemes[name] = lowered
        return lowered
    }

    private mutating func lowerScheme(_ scheme: OpenAPI.SecurityScheme, name: String) -> LoweredScheme {
        let type = scheme.type ?? ""
        switch type {
        case "http":
            let httpScheme = scheme.scheme?.lowercased() ?? ""
            if httpScheme == "bearer" { return LoweredScheme(auth: .bearer, name: name, kind: "bearer token") }
            if httpScheme == "basic" { return LoweredScheme(auth: .basic, name: name, kind: "HTTP Basic") }
            skip(
                .security,
                "security scheme '\(name)' uses HTTP '\(httpScheme)' authentication, which is not supported; add the credentials with an interceptor",
                at: scheme.location)
            return LoweredScheme(auth: nil, name: name, kind: "not supported")
        case "apiKey":
            guard let keyName = scheme.name, !keyName.isEmpty else {
                skip(
                    .security, "API key scheme '\(name)' has no 'name'; requirements using it are left out",
                    at: scheme.location)
                return LoweredScheme(auth: nil, name: name, kind: "not supported")
            }
            let literal = IR.StringLiteral(keyName)
            switch scheme.placement {
            case "header":
                return LoweredScheme(auth: .apiKeyHeader(literal), name: name, kind: "API key in header `\(keyName)`")
            case "query":
                return LoweredScheme(auth: .apiKeyQuery(literal), name: name, kind: "API key in query `\(keyName)`")
            case "cookie":
                return LoweredScheme(auth: .apiKeyCookie(literal), name: name, kind: "API key in cookie `\(keyName)`")
            default:
                skip(
                    .security,
                    "API key scheme '\(name)' has no valid 'in' (header, query or cookie); requirements using it are left out",
                    at: scheme.location)
                return LoweredScheme(auth: nil, name: name, kind: "not supported")
            }
        case "oauth2", "openIdConnect":
            diagnostics.note(
                "security scheme '\(name)' (\(type)) is sent as a bearer token: the app obtains the token",
                at: scheme.location)
            let kind = type == "oauth2" ? "OAuth 2" : "OpenID Connect"
            return LoweredScheme(auth: .bearer, name: name, kind: "\(kind) bearer token")
        default:
            skip(
                .security,
                "security scheme '\(name)' uses '\(type)', which is not supported; add the credentials with an interceptor",
                at: scheme.location)
            return LoweredScheme(auth: nil, name: name, kind: "not supported")
        }
    }
}

extension IR.AuthRequirement {
    /// The alternatives (none for `.inherit` and `.none`).
    var alternatives: [[IR.Auth]] {
        if case .anyOf(let alternatives) = self { return alternatives }
        return []
    }
}
