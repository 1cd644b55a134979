import Foundation

/// How an `AuthRequirement` is written into an outbox row: the list of alternatives, each a list
/// of scheme names (`bearer`, `basic`, `header:<name>`, `query:<name>`, `cookie:<name>`); `[]` is
/// "no credentials". Kept separate from the public enums so the stored format never changes when
/// they grow.
enum OutboxAuthCoding {
    /// The stored form of `requirement` (`.inherit` is resolved against `service` first).
    static func encode(_ requirement: AuthRequirement, service: AuthScheme) -> [[String]] {
        requirement.resolved(inheriting: service).alternatives.map { $0.map(name(of:)) }
    }

    /// The requirement a stored form names; nil when a scheme name is not one this runtime knows
    /// (the row is then not sent).
    static func decode(_ stored: [[String]]) -> AuthRequirement? {
        if stored.isEmpty { return AuthRequirement.none }
        var alternatives: [[AuthScheme]] = []
        for alternative in stored {
            var schemes: [AuthScheme] = []
            for name in alternative {
                guard let scheme = scheme(named: name) else { return nil }
                schemes.append(scheme)
            }
            alternatives.append(schemes)
        }
        return .anyOf(alternatives)
    }

    private static func name(of scheme: AuthScheme) -> String {
        switch scheme {
        case .none: "none"
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKeyHeader(let name): "header:" + name
        case .apiKeyQuery(let name): "query:" + name
        case .apiKeyCookie(let name): "cookie:" + name
        }
    }

    private static func scheme(named name: String) -> AuthScheme? {
        switch name {
        case "none": return AuthScheme.none
        case "bearer": return .bearer
        case "basic": return .basic
        default:
            guard let colon = name.firstIndex(of: ":") else { return nil }
            let key = String(name[name.index(after: colon)...])
            guard !key.isEmpty else { return nil }
            switch name[..<colon] {
            case "header": return .apiKeyHeader(key)
            case "query": return .apiKeyQuery(key)
            case "cookie": return .apiKeyCookie(key)
            default: return nil
            }
        }
    }
}
