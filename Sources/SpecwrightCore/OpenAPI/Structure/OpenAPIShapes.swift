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

    private var fixedFields: [String: OpenAPIField] {
        switch self {
        case .document:
            [
                "openapi": c(.text), "info": d(.object(.info)), "jsonSchemaDialect": d(.text),
                "servers": c(.list(.object(.server))),
                "paths": c(.object(.paths)), "webhooks": d(.map(.referenceOr(.pathItem))),
                "components": c(.object(.components)),
                "security": c(.list(.object(.securityRequirement))), "tags": d(.list(.object(.tag))),
                "externalDocs": d(.object(.externalDocs))
            ]
        case .info:
            [
                "title": d(.text), "summary": d(.text), "description": d(.text), "termsOfService": d(.text),
                "contact": d(.object(.contact)), "license": d(.object(.license)), "version": d(.text)
            ]
        case .contact: ["name": d(.text), "url": d(.text), "email": d(.text)]
        case .license: ["name": d(.text), "identifier": d(.text), "url": d(.text)]
        case .server: ["url": c(.text), "description": d(.text), "variables": c(.map(.object(.serverVariable)))]
        case .serverVariable: ["enum": d(.list(.text)), "default": c(.text), "description": d(.text)]
        case .components:
            [
                "schemas": c(.map(.schema)), "responses": c(.map(.referenceOr(.response))),
                "parameters": c(.map(.referenceOr(.parameter))),
                "examples": d(.map(.referenceOr(.example))), "requestBodies": c(.map(.referenceOr(.requestBody))),
                "headers": c(.map(.referenceOr(.header))), "securitySchemes": c(.map(.referenceOr(.securityScheme))),
                "links": d(.map(.referenceOr(.link))), "callbacks": d(.map(.referenceOr(.callback))),
                "pathItems": c(.map(.referenceOr(.pathItem)))
            ]
        case .paths, .responses, .callback, .securityRequirement: [:]
        case .pathItem:
            [
                "$ref": c(.text), "summary": d(.text), "description": d(.text), "servers": c(.list(.object(.server))),
                "parameters": c(.list(.referenceOr(.parameter)))
            ].merging(Self.methods.map { ($0, c(.object(.operation))) }) { a, _ in a }
        case .operation:
            [
                "tags": c(.list(.text)), "summary": d(.text), "description": d(.text),
                "externalDocs": d(.object(.externalDocs)),
                "operationId": c(.text), "parameters": c(.list(.referenceOr(.parameter))),
                "requestBody": c(.referenceOr(.requestBody)),
                "responses": c(.object(.responses)), "callbacks": d(.map(.referenceOr(.callback))),
                "deprecated": d(.flag),
                "security": c(.list(.object(.securityRequirement))), "servers": c(.list(.object(.server)))
            ]
        case .externalDocs: ["description": d(.text), "url": d(.text)]
        case .parameter: Self.headerFields.merging(["name": c(.text), "in": c(.text)]) { a, _ in a }
        case .header: Self.headerFields
        case .requestBody: ["description": d(.text), "content": c(.map(.object(.mediaType))), "required": c(.flag)]
        case .mediaType:
            [
                "schema": c(.schema), "example": d(.any), "examples": d(.map(.referenceOr(.example))),
                "encoding": c(.map(.object(.encoding)))
            ]
        case .encoding:
            [
                "contentType": c(.text), "headers": c(.map(.referenceOr(.header))), "style": c(.text),
                "explode": c(.flag), "allowReserved": c(.flag)
            ]
        case .response:
            [
                "description": d(.text), "headers": c(.map(.referenceOr(.header))),
                "content": c(.map(.object(.mediaType))),
                "links": d(.map(.referenceOr(.link)))
            ]
        case .example: ["summary": d(.text), "description": d(.text), "value": d(.any), "externalValue": d(.text)]
        case .link:
            [
                "operationRef": d(.text), "operationId": d(.text), "parameters": d(.map(.any)), "requestBody": d(.any),
                "description": d(.text), "server": d(.object(.server))
            ]
        case .tag: ["name": d(.text), "description": d(.text), "externalDocs": d(.object(.externalDocs))]
        case .securityScheme:
            [
                "type": c(.text), "description": d(.text), "name": c(.text), "in": c(.text), "scheme": c(.text),
                "bearerFormat": d(.text),
                "flows": d(.object(.oauthFlows)), "openIdConnectUrl": d(.text)
            ]
        case .oauthFlows:
            [
                "implicit": d(.object(.oauthFlow)), "password": d(.object(.oauthFlow)),
                "clientCredentials": d(.object(.oauthFlow)),
                "authorizationCode": d(.object(.oauthFlow))
            ]
        case .oauthFlow:
            ["authorizationUrl": d(.text), "tokenUrl": d(.text), "refreshUrl": d(.text), "scopes": d(.map(.text))]
        case .discriminator: ["propertyName": c(.text), "mapping": c(.map(.text))]
        case .xml:
            ["name": d(.text), "namespace": d(.text), "prefix": d(.text), "attribute": d(.flag), "wrapped": d(.flag)]
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

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private static let headerFields: [String: OpenAPIField] = [
        "description": d(.text), "required": c(.flag), "deprecated": d(.flag), "allowEmptyValue": c(.flag),
        "style": c(.text),
        "explode": c(.flag), "allowReserved": c(.flag), "schema": c(.schema), "example": d(.any),
        "examples": d(.map(.referenceOr(.example))), "content": c(.map(.object(.mediaType)))
    ]
}

/// A field a client depends on.
private func c(_ shape: OpenAPIShape) -> OpenAPIField { OpenAPIField(shape: shape, client: true) }
/// A field that only documents.
private func d(_ shape: OpenAPIShape) -> OpenAPIField { OpenAPIField(shape: shape, client: false) }
