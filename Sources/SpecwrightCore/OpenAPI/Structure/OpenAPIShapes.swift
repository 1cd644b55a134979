/// The shape of an OpenAPI 3.0/3.1 document as the specification's schema fixes it: which
/// fields each object has, what they hold, and which of them are required. Read by
/// ``OpenAPIStructureCheck``.
///
/// A field is `client` when a client depends on it — the importer reads it to decide a URL, a
/// parameter, a body, a type or credentials — so a value of the wrong shape there would silently
/// change what the generated client sends or decodes: that is an error. Other fields only
/// document (`description`, `example`, `info`, `tags`' descriptions …): a wrong shape there is a warning.
enum OpenAPIObjectKind: String, CaseIterable, Sendable {
    case document = "OpenAPI"
    case info = "Info"
    case contact = "Contact"
    case license = "License"
    case server = "Server"
    case serverVariable = "Server Variable"
    case components = "Components"
    case paths = "Paths"
    case pathItem = "Path Item"
    case operation = "Operation"
    case externalDocs = "External Documentation"
    case parameter = "Parameter"
    case requestBody = "Request Body"
    case mediaType = "Media Type"
    case encoding = "Encoding"
    case responses = "Responses"
    case response = "Response"
    case callback = "Callback"
    case example = "Example"
    case link = "Link"
    case header = "Header"
    case tag = "Tag"
    case securityScheme = "Security Scheme"
    case oauthFlows = "OAuth Flows"
    case oauthFlow = "OAuth Flow"
    case securityRequirement = "Security Requirement"
    case discriminator = "Discriminator"
    case xml = "XML"
}

/// What a field holds.
indirect enum OpenAPIShape: Sendable {
    /// A scalar other than null (YAML reads `version: 1.0` as a number; it is accepted as text).
    case text
    /// `true` or `false`.
    case flag
    /// Any value (`example`, `default`, link parameters).
    case any
    /// An object of a kind.
    case object(OpenAPIObjectKind)
    /// An object of a kind or a Reference Object (`$ref`).
    case referenceOr(OpenAPIObjectKind)
    /// A Schema Object: a mapping (3.0 and 3.1) or a boolean (3.1).
    case schema
    /// A mapping from names to values of a shape.
    case map(OpenAPIShape)
    /// A sequence of values of a shape.
    case list(OpenAPIShape)

    /// `an array of Server objects`, `a string` … for messages.
    var description: String {
        switch self {
        case .text: "a string"
        case .flag: "a boolean"
        case .any: "a value"
        case .object(let kind), .referenceOr(let kind): "\(kind.article) \(kind.rawValue) object"
        case .schema: "a Schema object"
        case .map(let element): "a mapping of names to \(element.plural)"
        case .list(let element): "an array of \(element.plural)"
        }
    }

    private var plural: String {
        switch self {
        case .text: "strings"
        case .flag: "booleans"
        case .any: "values"
        case .object(let kind), .referenceOr(let kind): "\(kind.rawValue) objects"
        case .schema: "Schema objects"
        case .map, .list: "collections"
        }
    }
}

/// One field of an object.
struct OpenAPIField: Sendable {
    let shape: OpenAPIShape
    /// Whether a client depends on it (a wrong shape is an error, else a warning).
    let client: Bool
}

extension OpenAPIObjectKind {
    /// The fixed fields of the object (`x-` extensions are always allowed).
    var fields: [String: OpenAPIField] {
        Self.fieldTable[self] ?? [:]
    }

    private static let fieldTable = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.fixedFields) })

    /// The fixed fields, from the one key table (``OpenAPIKey``) the reader reads through.
    private var fixedFields: [String: OpenAPIField] {
        switch self {
        case .document: OpenAPIKey.Document.table
        case .info: OpenAPIKey.Info.table
        case .contact: OpenAPIKey.Contact.table
        case .license: OpenAPIKey.License.table
        case .server: OpenAPIKey.Server.table
        case .serverVariable: OpenAPIKey.ServerVariable.table
        case .components: OpenAPIKey.Components.table
        case .paths, .responses, .callback, .securityRequirement: [:]
        case .pathItem: OpenAPIKey.PathItem.table
        case .operation: OpenAPIKey.Operation.table
        case .externalDocs: OpenAPIKey.ExternalDocs.table
        case .parameter: OpenAPIKey.Parameter.table
        case .header: OpenAPIKey.Header.table
        case .requestBody: OpenAPIKey.RequestBody.table
        case .mediaType: OpenAPIKey.MediaType.table
        case .encoding: OpenAPIKey.Encoding.table
        case .response: OpenAPIKey.Response.table
        case .example: OpenAPIKey.Example.table
        case .link: OpenAPIKey.Link.table
        case .tag: OpenAPIKey.Tag.table
        case .securityScheme: OpenAPIKey.SecurityScheme.table
        case .oauthFlows: OpenAPIKey.OAuthFlows.table
        case .oauthFlow: OpenAPIKey.OAuthFlow.table
        case .discriminator: OpenAPIKey.Discriminator.table
        case .xml: OpenAPIKey.XML.table
        }
    }

    /// The fields the object must have.
    var required: [String] {
        switch self {
        case .document: ["openapi", "info"]
        case .info: ["title", "version"]
        case .license, .tag: ["name"]
        case .server, .externalDocs: ["url"]
        case .serverVariable: ["default"]
        case .parameter: ["name", "in"]
        case .requestBody: ["content"]
        case .response: ["description"]
        case .securityScheme: ["type"]
        case .discriminator: ["propertyName"]
        case .oauthFlow: ["scopes"]
        default: []
        }
    }

    /// The shape of keys that are not fixed fields (paths, status codes, callback expressions,
    /// scheme names), or nil when the object has fixed fields only.
    var patternedValues: OpenAPIShape? {
        switch self {
        case .paths, .callback: .referenceOr(.pathItem)
        case .responses: .referenceOr(.response)
        case .securityRequirement: .list(.text)
        default: nil
        }
    }
}
