import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// Security per operation: the effective requirement of every operation (its own `security`,
/// else the document's, else none), alternatives, combinations and every scheme kind, in the IR
/// and in the generated Swift.
@Suite("OpenAPI security per operation")
struct OpenAPISecurityTests {
    static let schemes = """
        components:
          securitySchemes:
            token: { type: http, scheme: bearer }
            login: { type: http, scheme: Basic }
            key: { type: apiKey, in: header, name: X-Api-Key }
            queryKey: { type: apiKey, in: query, name: api_key }
            session: { type: apiKey, in: cookie, name: session_id }
            oauth:
              type: oauth2
              flows:
                implicit:
                  authorizationUrl: https://auth.example/authorize
                  scopes: { read:pets: read, write:pets: write }
            oidc: { type: openIdConnect, openIdConnectUrl: https://auth.example/.well-known/openid-configuration }
            tls: { type: mutualTLS }
            digest: { type: http, scheme: digest }
        """

    /// A document with `paths` (operations each answering 204) and the schemes above.
    static func document(security: String? = nil, paths: [(path: String, security: String?)]) -> String {
        var text =
            "openapi: 3.1.0\ninfo: { title: Secure, version: '1' }\nservers: [{ url: 'https://secure.example' }]\n"
        if let security { text += "security: \(security)\n" }
        text += "paths:\n"
        for (path, operationSecurity) in paths {
            let id = path.dropFirst().replacingOccurrences(of: "/", with: "_")
            text += "  \(path):\n    get:\n      operationId: \(id)\n"
            if let operationSecurity { text += "      security: \(operationSecurity)\n" }
            text += "      responses: { '204': { description: ok } }\n"
        }
        return text + schemes + "\n"
    }

    static func importIR(_ text: String) throws -> (api: IR.API, diagnostics: [String]) {
        let root = try YAMLParser.parseDocument(Array(text.utf8), file: "secure.yaml")
        let result = OpenAPIImporter.importDocument(root, file: "secure.yaml")
        return (try #require(result.api, "\(result.diagnostics)"), result.diagnostics.map(\.description))
    }

    /// The generated `options` switches of every group; compared without whitespace.
    static func options(_ endpoints: String) -> OptionsText {
        var text = ""
        var rest = endpoints[...]
        while let start = rest.range(of: "public var options: EndpointOptions {") {
            rest = rest[start.upperBound...]
            let end = rest.range(of: "\n    }\n")?.lowerBound ?? rest.endIndex
            text += rest[..<end]
            rest = rest[end...]
        }
        return OptionsText(text: text)
    }

    struct OptionsText {
        var text: String
        func contains(_ needle: String) -> Bool {
            text.filter { !$0.isWhitespace }.contains(needle.filter { !$0.isWhitespace })
        }
    }

    static func requirements(_ api: IR.API) -> [String: IR.AuthRequirement] {
        var result: [String: IR.AuthRequirement] = [:]
        for group in api.groups {
            for endpoint in group.endpoints { result[endpoint.name.name] = endpoint.options.auth }
        }
        return result
    }

    @Test("an operation's own security wins, else the document's, and `security: []` sends nothing")
    func effectiveSecurity() throws {
        let text = Self.document(
            security: "[{ token: [] }]",
            paths: [
                ("/me", nil), ("/catalog", "[]"), ("/login", "[]"), ("/admin", "[{ login: [] }]")
            ])
        let (api, _) = try Self.importIR(text)
        #expect(api.service.auth == .bearer)
        let auth = Self.requirements(api)
        #expect(auth["me"] == .inherit)
        #expect(auth["catalog"] == IR.AuthRequirement.none)
        #expect(auth["login"] == IR.AuthRequirement.none)
        #expect(auth["admin"] == .anyOf([[.basic]]))
        let output = try OpenAPISupport.generate(text)
        #expect(output.succeeded)
        #expect(output.client.contains("auth: .bearer"))
        #expect(Self.options(output.endpoints).contains("case .catalog: EndpointOptions(auth: .none)"))
        #expect(Self.options(output.endpoints).contains("case .login: EndpointOptions(auth: .none)"))
        #expect(Self.options(output.endpoints).contains("case .admin: EndpointOptions(auth: .anyOf([[.basic]]))"))
        #expect(!Self.options(output.endpoints).contains("case .me:"))
    }

    @Test("one operation's scheme does not become the service's: others send nothing")
    func oneOperationsSchemeStaysWithIt() throws {
        let text = Self.document(paths: [("/items", nil), ("/token", nil), ("/me", "[{ oauth: [read:pets] }]")])
        let (api, diagnostics) = try Self.importIR(text)
        #expect(api.service.auth == .none)
        let auth = Self.requirements(api)
        #expect(auth["items"] == .inherit)
        #expect(auth["token"] == .inherit)
        #expect(auth["me"] == .anyOf([[.bearer]]))
        #expect(
            diagnostics.contains { $0.contains("note: security scheme 'oauth' (oauth2) is sent as a bearer token") })
        let output = try OpenAPISupport.generate(text)
        #expect(!output.client.contains("auth: .bearer"))
        #expect(Self.options(output.endpoints).contains("case .me: EndpointOptions(auth: .anyOf([[.bearer]]))"))
        #expect(output.client.contains("/// Security: `oauth` (OAuth 2 bearer token; scopes: read:pets)"))
    }

    @Test("alternatives, combinations, anonymous access, cookies and query keys")
    func alternativesAndCombinations() throws {
        let text = Self.document(paths: [
            ("/either", "[{ token: [] }, { key: [] }]"),
            ("/both", "[{ key: [], session: [] }]"),
            ("/optional", "[{ queryKey: [] }, {}]"),
            ("/anonymous", "[{}]"),
            ("/oidc", "[{ oidc: [openid, profile] }, { oauth: [] }]")
        ])
        let auth = Self.requirements(try Self.importIR(text).api)
        #expect(auth["either"] == .anyOf([[.bearer], [.apiKeyHeader(IR.StringLiteral("X-Api-Key"))]]))
        #expect(
            auth["both"]
                == .anyOf([
                    [.apiKeyHeader(IR.StringLiteral("X-Api-Key")), .apiKeyCookie(IR.StringLiteral("session_id"))]
                ]))
        #expect(auth["optional"] == .anyOf([[.apiKeyQuery(IR.StringLiteral("api_key"))], []]))
        #expect(auth["anonymous"] == .inherit)
        #expect(auth["oidc"] == .anyOf([[.bearer]]))  // two bearer alternatives are one
        let output = try OpenAPISupport.generate(text)
        #expect(output.succeeded)
        #expect(
            Self.options(output.endpoints).contains(
                #"case .either: EndpointOptions(auth: .anyOf([[.bearer], [.apiKeyHeader("X-Api-Key")]]))"#))
        #expect(
            Self.options(output.endpoints).contains(
                #"case .both: EndpointOptions(auth: .anyOf([[.apiKeyHeader("X-Api-Key"), .apiKeyCookie("session_id")]]))"#
            ))
        #expect(
            Self.options(output.endpoints).contains(
                #"case .optional: EndpointOptions(auth: .anyOf([[.apiKeyQuery("api_key")], []]))"#))
        #expect(
            output.client.contains(
                "/// Security: `key` (API key in header `X-Api-Key`) and `session` (API key in cookie `session_id`)"))
        #expect(output.client.contains("/// Security: `queryKey` (API key in query `api_key`), or no credentials"))
        #expect(!output.diagnostics.contains { $0.contains("[security]") })
    }

    @Test("schemes that cannot be sent are warned about once and their alternatives left out")
    func unsupportedSchemes() throws {
        let text = Self.document(paths: [
            ("/a", "[{ tls: [] }, { token: [] }]"), ("/b", "[{ tls: [] }]"), ("/c", "[{ digest: [] }]"),
            ("/d", "[{ missing: [] }]"), ("/e", "[{ missing: [] }, { key: [] }]")
        ])
        let (api, diagnostics) = try Self.importIR(text)
        let auth = Self.requirements(api)
        #expect(auth["a"] == .anyOf([[.bearer]]))
        #expect(auth["b"] == .inherit)
        #expect(auth["c"] == .inherit)
        #expect(auth["d"] == .inherit)
        #expect(auth["e"] == .anyOf([[.apiKeyHeader(IR.StringLiteral("X-Api-Key"))]]))
        let security = diagnostics.filter { $0.contains("[security]") }
        #expect(security.count == 3, "\(security)")
        #expect(
            security.contains { $0.contains("warning: security scheme 'tls' uses 'mutualTLS', which is not supported") }
        )
        #expect(security.contains { $0.contains("security scheme 'digest' uses HTTP 'digest' authentication") })
        #expect(
            security.contains {
                $0.contains("security scheme 'missing' is not declared in 'components/securitySchemes'")
            })
    }

    @Test("a spec endpoint's own auth lowers to the same requirement as an operation's security")
    func specEndpointAuth() throws {
        let spec = """
            specwright: 1
            name: Keys
            baseURL: https://keys.example
            auth: { apiKey: { header: X-Key } }
            endpoints:
              items:
                list: { get: /items }
                mine: { get: /mine, auth: bearer }
                guest: { get: /guest, auth: none }
                same: { get: /same, auth: { apiKey: { header: X-Key } } }
            """
        let output = try GenerationSupport.generate(spec)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let endpoints = output.files["Endpoints.swift"] ?? ""
        #expect(Self.options(endpoints).contains("case .mine: EndpointOptions(auth: .anyOf([[.bearer]]))"))
        #expect(Self.options(endpoints).contains("case .guest: EndpointOptions(auth: .none)"))
        #expect(!Self.options(endpoints).contains("case .same:"))
        #expect(!Self.options(endpoints).contains("case .list:"))
    }
}
