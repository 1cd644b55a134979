import SpecwrightYAML

extension OpenAPI {
    /// A `security` list (document or operation).
    struct SecurityRequirements: Sendable {
        var location: SourceLocation
        /// The alternatives; nil when `security` is not a list.
        var alternatives: [SecurityRequirement]?
    }

    /// A Security Requirement Object: schemes that are all needed (`{a: [], b: [read]}`).
    struct SecurityRequirement: Sendable {
        var location: SourceLocation
        /// Scheme name and scopes in source order.
        var schemes: [(name: String, scopes: [String])]
    }

    /// A Security Scheme Object.
    struct SecurityScheme: OpenAPIObject {
        var location: SourceLocation
        /// `type`: `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS` (as written).
        var type: String?
        /// `scheme` of an `http` scheme (`bearer`, `basic`).
        var scheme: String?
        /// `name` of an `apiKey` scheme.
        var name: String?
        /// `in` of an `apiKey` scheme: `header`, `query`, `cookie`.
        var placement: String?
    }
}
