import SpecwrightYAML

/// The fixed fields of one kind of OpenAPI object: each case is a key as the specification
/// writes it, ``field`` what it holds and whether a client depends on it.
///
/// These enums (``OpenAPIKey``) are the one table of OpenAPI's keys: ``OpenAPIReader`` reads
/// objects through them (`node[OpenAPIKey.Operation.operationId]`) and ``OpenAPIStructureCheck``
/// checks every object against their ``table`` (``OpenAPIObjectKind/fields``).
protocol OpenAPIFieldKey: RawRepresentable<String>, CaseIterable, Sendable {
    /// What the field holds, and whether a client depends on it.
    var field: OpenAPIField { get }
}

extension OpenAPIFieldKey {
    /// Key → field, for every fixed field.
    static var table: [String: OpenAPIField] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.field) })
    }
}

extension Node {
    /// The value of a fixed field (the first entry with its key), or nil.
    subscript<Key: OpenAPIFieldKey>(_ key: Key) -> Node? { self[key.rawValue] }
}

/// The fixed fields of every OpenAPI 3.0/3.1 object (Schema Objects: ``Schema``, in `OpenAPISchemaKeys.swift`).
enum OpenAPIKey {
    enum Document: String, OpenAPIFieldKey {
        case openapi, info, jsonSchemaDialect, servers, paths, webhooks, components, security, tags, externalDocs

        var field: OpenAPIField {
            switch self {
            case .openapi: c(.text)
            case .info: d(.object(.info))
            case .jsonSchemaDialect: d(.text)
            case .servers: c(.list(.object(.server)))
            case .paths: c(.object(.paths))
            case .webhooks: d(.map(.referenceOr(.pathItem)))
            case .components: c(.object(.components))
            case .security: c(.list(.object(.securityRequirement)))
            case .tags: d(.list(.object(.tag)))
            case .externalDocs: d(.object(.externalDocs))
            }
        }
    }

    enum Info: String, OpenAPIFieldKey {
        case title, summary, description, termsOfService, contact, license, version

        var field: OpenAPIField {
            switch self {
            case .contact: d(.object(.contact))
            case .license: d(.object(.license))
            default: d(.text)
            }
        }
    }

    enum Contact: String, OpenAPIFieldKey {
        case name, url, email
        var field: OpenAPIField { d(.text) }
    }

    enum License: String, OpenAPIFieldKey {
        case name, identifier, url
        var field: OpenAPIField { d(.text) }
    }

    enum Server: String, OpenAPIFieldKey {
        case url, description, variables

        var field: OpenAPIField {
            switch self {
            case .url: c(.text)
            case .description: d(.text)
            case .variables: c(.map(.object(.serverVariable)))
            }
        }
    }

    enum ServerVariable: String, OpenAPIFieldKey {
        case `enum`, `default`, description

        var field: OpenAPIField {
            switch self {
            case .enum: d(.list(.text))
            case .default: c(.text)
            case .description: d(.text)
            }
        }
    }

    enum Components: String, OpenAPIFieldKey {
        case schemas, responses, parameters, examples, requestBodies, headers, securitySchemes, links, callbacks,
            pathItems

        var field: OpenAPIField {
            switch self {
            case .schemas: c(.map(.schema))
            case .responses: c(.map(.referenceOr(.response)))
            case .parameters: c(.map(.referenceOr(.parameter)))
            case .examples: d(.map(.referenceOr(.example)))
            case .requestBodies: c(.map(.referenceOr(.requestBody)))
            case .headers: c(.map(.referenceOr(.header)))
            case .securitySchemes: c(.map(.referenceOr(.securityScheme)))
            case .links: d(.map(.referenceOr(.link)))
            case .callbacks: d(.map(.referenceOr(.callback)))
            case .pathItems: c(.map(.referenceOr(.pathItem)))
            }
        }
    }

    enum PathItem: String, OpenAPIFieldKey {
        case reference = "$ref", summary, description, servers, parameters
        case get, put, post, delete, options, head, patch, trace

        /// The HTTP method keys, in the specification's order.
        static let methods: [PathItem] = [.get, .put, .post, .delete, .options, .head, .patch, .trace]

        var field: OpenAPIField {
            switch self {
            case .reference: c(.text)
            case .summary, .description: d(.text)
            case .servers: c(.list(.object(.server)))
            case .parameters: c(.list(.referenceOr(.parameter)))
            case .get, .put, .post, .delete, .options, .head, .patch, .trace: c(.object(.operation))
            }
        }
    }

    enum Operation: String, OpenAPIFieldKey {
        case tags, summary, description, externalDocs, operationId, parameters, requestBody, responses, callbacks,
            deprecated, security, servers

        var field: OpenAPIField {
            switch self {
            case .tags: c(.list(.text))
            case .summary, .description: d(.text)
            case .externalDocs: d(.object(.externalDocs))
            case .operationId: c(.text)
            case .parameters: c(.list(.referenceOr(.parameter)))
            case .requestBody: c(.referenceOr(.requestBody))
            case .responses: c(.object(.responses))
            case .callbacks: d(.map(.referenceOr(.callback)))
            case .deprecated: d(.flag)
            case .security: c(.list(.object(.securityRequirement)))
            case .servers: c(.list(.object(.server)))
            }
        }
    }

    enum ExternalDocs: String, OpenAPIFieldKey {
        case description, url
        var field: OpenAPIField { d(.text) }
    }

    /// A Header Object's fields (a Parameter Object has them too).
    enum Header: String, OpenAPIFieldKey {
        case description, required, deprecated, allowEmptyValue, style, explode, allowReserved, schema, example,
            examples, content

        var field: OpenAPIField {
            switch self {
            case .description: d(.text)
            case .required, .allowEmptyValue, .explode, .allowReserved: c(.flag)
            case .deprecated: d(.flag)
            case .style: c(.text)
            case .schema: c(.schema)
            case .example: d(.any)
            case .examples: d(.map(.referenceOr(.example)))
            case .content: c(.map(.object(.mediaType)))
            }
        }
    }

    enum Parameter: String, OpenAPIFieldKey {
        case name, `in`
        case description, required, deprecated, allowEmptyValue, style, explode, allowReserved, schema, example,
            examples, content

        var field: OpenAPIField {
            switch self {
            case .name, .in: c(.text)
            case .description: Header.description.field
            case .required: Header.required.field
            case .deprecated: Header.deprecated.field
            case .allowEmptyValue: Header.allowEmptyValue.field
            case .style: Header.style.field
            case .explode: Header.explode.field
            case .allowReserved: Header.allowReserved.field
            case .schema: Header.schema.field
            case .example: Header.example.field
            case .examples: Header.examples.field
            case .content: Header.content.field
            }
        }
    }

    enum RequestBody: String, OpenAPIFieldKey {
        case description, content, required

        var field: OpenAPIField {
            switch self {
            case .description: d(.text)
            case .content: c(.map(.object(.mediaType)))
            case .required: c(.flag)
            }
        }
    }

    enum MediaType: String, OpenAPIFieldKey {
        case schema, example, examples, encoding
        /// OpenAPI 3.2's schema of one item of a stream (`text/event-stream`, JSON Lines).
        case itemSchema

        var field: OpenAPIField {
            switch self {
            case .schema, .itemSchema: c(.schema)
            case .example: d(.any)
            case .examples: d(.map(.referenceOr(.example)))
            case .encoding: c(.map(.object(.encoding)))
            }
        }
    }

    enum Encoding: String, OpenAPIFieldKey {
        case contentType, headers, style, explode, allowReserved

        var field: OpenAPIField {
            switch self {
            case .contentType, .style: c(.text)
            case .headers: c(.map(.referenceOr(.header)))
            case .explode, .allowReserved: c(.flag)
            }
        }
    }

    enum Response: String, OpenAPIFieldKey {
        case description, headers, content, links

        var field: OpenAPIField {
            switch self {
            case .description: d(.text)
            case .headers: c(.map(.referenceOr(.header)))
            case .content: c(.map(.object(.mediaType)))
            case .links: d(.map(.referenceOr(.link)))
            }
        }
    }

    enum Example: String, OpenAPIFieldKey {
        case summary, description, value, externalValue
        var field: OpenAPIField { self == .value ? d(.any) : d(.text) }
    }

    enum Link: String, OpenAPIFieldKey {
        case operationRef, operationId, parameters, requestBody, description, server

        var field: OpenAPIField {
            switch self {
            case .operationRef, .operationId, .description: d(.text)
            case .parameters: d(.map(.any))
            case .requestBody: d(.any)
            case .server: d(.object(.server))
            }
        }
    }

    enum Tag: String, OpenAPIFieldKey {
        case name, description, externalDocs
        var field: OpenAPIField { self == .externalDocs ? d(.object(.externalDocs)) : d(.text) }
    }

    enum SecurityScheme: String, OpenAPIFieldKey {
        case type, description, name, `in`, scheme, bearerFormat, flows, openIdConnectUrl

        var field: OpenAPIField {
            switch self {
            case .type, .name, .in, .scheme: c(.text)
            case .description, .bearerFormat, .openIdConnectUrl: d(.text)
            case .flows: d(.object(.oauthFlows))
            }
        }
    }

    enum OAuthFlows: String, OpenAPIFieldKey {
        case implicit, password, clientCredentials, authorizationCode
        var field: OpenAPIField { d(.object(.oauthFlow)) }
    }

    enum OAuthFlow: String, OpenAPIFieldKey {
        case authorizationUrl, tokenUrl, refreshUrl, scopes
        var field: OpenAPIField { self == .scopes ? d(.map(.text)) : d(.text) }
    }

    enum Discriminator: String, OpenAPIFieldKey {
        case propertyName, mapping
        var field: OpenAPIField { self == .mapping ? c(.map(.text)) : c(.text) }
    }

    enum XML: String, OpenAPIFieldKey {
        case name, namespace, prefix, attribute, wrapped

        var field: OpenAPIField {
            switch self {
            case .name, .namespace, .prefix: d(.text)
            case .attribute, .wrapped: d(.flag)
            }
        }
    }
}

/// A field a client depends on.
private func c(_ shape: OpenAPIShape) -> OpenAPIField { OpenAPIField(shape: shape, client: true) }
/// A field that only documents.
private func d(_ shape: OpenAPIShape) -> OpenAPIField { OpenAPIField(shape: shape, client: false) }
