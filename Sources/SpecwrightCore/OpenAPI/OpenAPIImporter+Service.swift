import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// The service settings: base URL from `servers[0]` (variables replaced by their defaults)
    /// and the auth scheme of the first security requirement.
    mutating func lowerService(name: String) -> IR.Service {
        IR.Service(
            name: IR.StringLiteral(name),
            baseURL: IR.StringLiteral(baseURL()),
            headers: [],
            auth: serviceAuth,
            dates: root["x-specwright-dates"]?.openAPIText.flatMap(IR.DateCoding.init(rawValue:)) ?? .iso8601,
            envelope: nil,
            timeout: 30,
            retry: IR.Retry(maxRetries: 3, baseDelay: 0.5, maxDelay: 8),
            cache: .networkOnly)
    }

    private mutating func baseURL() -> String {
        guard let server = root["servers"]?.sequence?.first, var url = server["url"]?.openAPIText else { return "/" }
        for (variable, definition) in server["variables"]?.openAPIEntries ?? [] {
            let value = definition["default"]?.openAPIText ?? ""
            url = url.replacingOccurrences(of: "{" + variable + "}", with: value)
        }
        if URL(string: url) == nil {
            skip(.schema, "server URL '\(url)' is not a URL Foundation can parse; '/' is used (set the base URL in the client configuration)",
                 at: server["url"]?.location ?? server.location)
            return "/"
        }
        return url
    }

    /// The auth scheme of the document's first security requirement (else the first one an
    /// operation uses). OAuth2 and OpenID Connect become bearer tokens (with a note).
    mutating func lowerAuth() -> IR.Auth {
        var requirement = root["security"]?.sequence?.first
        if requirement == nil {
            for item in root["paths"]?.openAPIEntries ?? [] {
                for (_, operation) in item.value.openAPIEntries {
                    if let first = operation["security"]?.sequence?.first, first.mapping?.isEmpty == false {
                        requirement = first
                        break
                    }
                }
                if requirement != nil { break }
            }
        }
        guard let requirement, let schemeName = requirement.openAPIEntries.first?.key else { return .none }
        guard let scheme = root["components"]?["securitySchemes"]?[schemeName].flatMap({ resolved($0) }) else {
            skip(.security, "security scheme '\(schemeName)' is not declared in 'components/securitySchemes'", at: requirement.location)
            return .none
        }
        let type = scheme["type"]?.openAPIText ?? ""
        switch type {
        case "http" where scheme["scheme"]?.openAPIText?.lowercased() == "bearer":
            return .bearer
        case "apiKey":
            let name = scheme["name"]?.openAPIText ?? ""
            switch scheme["in"]?.openAPIText {
            case "header": return .apiKeyHeader(IR.StringLiteral(name))
            case "query": return .apiKeyQuery(IR.StringLiteral(name))
            default:
                skip(.security, "API key '\(schemeName)' in a cookie is not supported; requests carry no credentials", at: scheme.location)
                return .none
            }
        case "oauth2", "openIdConnect":
            diagnostics.note("security scheme '\(schemeName)' (\(type)) is sent as a bearer token: the app obtains the token", at: scheme.location)
            return .bearer
        default:
            let detail = type == "http" ? "HTTP '\(scheme["scheme"]?.openAPIText ?? "")' authentication" : "'\(type)'"
            skip(.security, "security scheme '\(schemeName)' uses \(detail), which is not supported; add the credentials with an interceptor", at: scheme.location)
            return .none
        }
    }
}
