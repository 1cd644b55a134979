/// Writes a Specwright spec as an equivalent OpenAPI 3.1 document.
///
/// Types become `components/schemas` (objects with `required` lists, string enums); endpoints
/// become operations tagged with their group, with path/query/header parameters, a JSON (or
/// binary) request body, the success response and typed error responses. Settings OpenAPI has
/// no words for (envelope, static headers, retry, cache, timeouts, gates, batching) are kept as
/// `x-specwright-*` extensions. Importing the export generates an equivalent client.
public struct OpenAPIExporter: Sendable {
    let document: SpecDocument

    /// An exporter for `document`.
    public init(document: SpecDocument) {
        self.document = document
    }

    /// The OpenAPI document.
    public func export() -> DocumentValue {
        var root: [(key: String, value: DocumentValue)] = [("openapi", .string("3.1.0"))]
        var info: [(key: String, value: DocumentValue)] = [
            ("title", .string(document.name.value)), ("version", .string("1.0.0"))
        ]
        if let description = document.description { info.append(("description", .string(description))) }
        root.append(("info", .object(info)))
        root.append(("servers", .array([.object([("url", .string(document.baseURL.value))])])))
        let schemes = securitySchemes
        if let first = schemes.first, first.setting == document.auth {
            root.append(("security", .array([.object([(first.name, .array([]))])])))
        }
        root.append(("tags", .array(document.groups.map { .object([("name", .string($0.name))]) })))
        root.append(("paths", .object(paths())))
        var components: [(key: String, value: DocumentValue)] = [
            ("schemas", .object(document.types.map { ($0.name, schema(for: $0)) }))
        ]
        if !schemes.isEmpty {
            components.append(("securitySchemes", .object(schemes.map { ($0.name, Self.securityScheme($0.setting)) })))
        }
        root.append(("components", .object(components)))
        root += extensions()
        return .object(root)
    }

    // MARK: Service

    /// Every scheme the spec uses, the top-level `auth` first (`specwrightAuth`), then endpoints'
    /// own (`specwrightAuth2`, …).
    private var securitySchemes: [(name: String, setting: AuthSetting)] {
        var settings: [AuthSetting] = []
        for setting in [document.auth] + document.allEndpoints.compactMap(\.auth)
        where setting != .none && !settings.contains(setting) {
            settings.append(setting)
        }
        return settings.enumerated().map { index, setting in
            ("specwrightAuth" + (index == 0 ? "" : String(index + 1)), setting)
        }
    }

    private static func securityScheme(_ setting: AuthSetting) -> DocumentValue {
        switch setting {
        case .none: .object([])
        case .bearer: .object([("type", .string("http")), ("scheme", .string("bearer"))])
        case .apiKeyHeader(let name):
            .object([("type", .string("apiKey")), ("in", .string("header")), ("name", .string(name))])
        case .apiKeyQuery(let name):
            .object([("type", .string("apiKey")), ("in", .string("query")), ("name", .string(name))])
        }
    }

    private func extensions() -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        if !document.headers.isEmpty {
            result.append(("x-specwright-headers", .object(document.headers.map { ($0.name, .string($0.value)) })))
        }
        if let envelope = document.envelope {
            var members: [(String, DocumentValue)] = [
                ("code", .string(envelope.codeKey)), ("message", .string(envelope.messageKey)),
                ("data", .string(envelope.dataKey)),
                ("success", .array(envelope.successCodes.map(DocumentValue.int))),
                ("sessionExpired", .array(envelope.sessionExpiredCodes.map(DocumentValue.int)))
            ]
            if !envelope.tokenExpiredCodes.isEmpty {
                members.append(("tokenExpired", .array(envelope.tokenExpiredCodes.map(DocumentValue.int))))
            }
            result.append(("x-specwright-envelope", .object(members)))
        }
        result.append(("x-specwright-dates", .string(document.dates.rawValue)))
        // Always written: an importer without it caches reads as the server says (`cache: http`).
        let defaults = document.defaults
        result.append(
            (
                "x-specwright-defaults",
                .object([
                    ("timeout", .double(defaults.timeout)), ("retry", Self.retry(defaults.retry)),
                    ("cache", Self.cache(defaults.cache))
                ])
            ))
        return result
    }

    // MARK: Paths

    private func paths() -> [(key: String, value: DocumentValue)] {
        var order: [String] = []
        var operations: [String: [(key: String, value: DocumentValue)]] = [:]
        let ids = operationIDs
        for endpoint in document.allEndpoints {
            let path = openAPIPath(endpoint.path.value)
            if operations[path] == nil { order.append(path) }
            operations[path, default: []].append(
                (endpoint.method.rawValue, operation(endpoint, id: ids[endpoint.operationName] ?? endpoint.name)))
        }
        return order.map { ($0, .object(operations[$0] ?? [])) }
    }

    /// The `operationId` of each endpoint by its `group.name`: its name where that is unique,
    /// else `group_name`.
    private var operationIDs: [String: String] {
        let names = Dictionary(grouping: document.allEndpoints, by: \.name)
        var ids: [String: String] = [:]
        for endpoint in document.allEndpoints {
            let unique = (names[endpoint.name]?.count ?? 0) == 1
            ids[endpoint.operationName] = unique ? endpoint.name : endpoint.group + "_" + endpoint.name
        }
        return ids
    }

    private func openAPIPath(_ template: PathTemplate) -> String {
        "/"
            + template.segments.map { parts in
                parts.map { part in
                    switch part {
                    case .literal(let text): text
                    case .parameter(let name): "{" + name + "}"
                    }
                }.joined()
            }.joined(separator: "/") + (template.hasTrailingSlash ? "/" : "")
    }

    private func operation(_ endpoint: Endpoint, id: String) -> DocumentValue {
        var result: [(key: String, value: DocumentValue)] = [
            ("operationId", .string(id)), ("tags", .array([.string(endpoint.group)]))
        ]
        if let summary = endpoint.summary { result.append(("summary", .string(summary))) }
        if let description = endpoint.description { result.append(("description", .string(description))) }
        let parameters =
            endpoint.pathParameters.map { parameter($0, in: "path") }
            + endpoint.queryParameters.map { parameter($0, in: "query") }
            + endpoint.headerParameters.map { parameter($0, in: "header") }
        if !parameters.isEmpty { result.append(("parameters", .array(parameters))) }
        if let body = endpoint.body {
            var requestBody: [(key: String, value: DocumentValue)] = []
            if let description = endpoint.bodyDescription { requestBody.append(("description", .string(description))) }
            requestBody += [
                ("required", .bool(true)), ("content", bodyContent(body.expression, endpoint.bodyContentType))
            ]
            result.append(("requestBody", .object(requestBody)))
        } else if let fields = endpoint.multipart {
            result.append(("requestBody", .object([("required", .bool(true)), ("content", multipartContent(fields))])))
        }
        var responses: [(key: String, value: DocumentValue)] = []
        if let response = endpoint.response, let stream = endpoint.stream?.value {
            // One value's schema as the media type's `schema` (OAS 3.1 has no `itemSchema`); the
            // importer reads a non-array schema of a streamed media type as one value.
            let mediaType = stream == .sse ? "text/event-stream" : "application/jsonl"
            let media = DocumentValue.object([(mediaType, .object([("schema", schema(response.expression))]))])
            responses.append(("200", .object([("description", .string("Success: a stream.")), ("content", media)])))
        } else if let response = endpoint.response {
            responses.append(
                (
                    "200",
                    .object([
                        ("description", .string("Success.")),
                        ("content", responseContent(response.expression, endpoint.responseContentTypes))
                    ])
                ))
        } else if endpoint.download {
            responses.append(
                (
                    "200",
                    .object([
                        ("description", .string("Success: the file.")),
                        ("content", responseContent(.primitive(.data), endpoint.responseContentTypes))
                    ])
                ))
        } else {
            responses.append(("204", .object([("description", .string("Success, no content."))])))
        }
        for error in endpoint.errors {
            responses.append(
                (
                    error.status.map(String.init) ?? "default",
                    .object([
                        ("description", .string(error.status.map { "Error \($0)." } ?? "Any other error.")),
                        ("content", content(error.type.expression))
                    ])
                ))
        }
        result.append(("responses", .object(responses)))
        if let auth = endpoint.auth, auth != document.auth {
            let name = securitySchemes.first { $0.setting == auth }?.name
            result.append(("security", .array(name.map { [.object([($0, .array([]))])] } ?? [])))
        }
        let options = operationExtensions(endpoint)
        if !options.isEmpty { result.append(("x-specwright", .object(options))) }
        return .object(result)
    }

    private func parameter(_ parameter: Parameter, in location: String) -> DocumentValue {
        var schema = self.schema(parameter.type.expression.nonOptional)
        if let value = parameter.defaultValue?.value, case .object(var entries) = schema {
            entries.append(("default", literal(value)))
            schema = .object(entries)
        }
        var result: [(key: String, value: DocumentValue)] = [
            ("name", .string(parameter.name)), ("in", .string(location))
        ]
        if let description = parameter.description { result.append(("description", .string(description))) }
        result.append(("required", .bool(location == "path" || parameter.isRequired)))
        if let style = parameter.style?.value, style == "deepObject" {
            result += [("style", .string(style)), ("explode", .bool(true))]
        }
        if parameter.allowsReserved { result.append(("allowReserved", .bool(true))) }
        result.append(("schema", schema))
        return .object(result)
    }

    /// A success response's content: raw bytes in the declared media types (`contentTypes`, else
    /// `*/*`: what the generated client asks for), else as ``content(_:)``.
    private func responseContent(_ type: TypeExpression, _ contentTypes: [String]) -> DocumentValue {
        if type.nonOptional == .primitive(.string), !contentTypes.isEmpty {
            return .object(contentTypes.map { ($0, Self.textMedia) })
        }
        guard type.nonOptional == .primitive(.data) else { return content(type) }
        return .object((contentTypes.isEmpty ? ["*/*"] : contentTypes).map { ($0, Self.binaryMedia) })
    }

    /// A request body's content: raw bytes (`Data`, a `FilePart`) in its content type (else
    /// `application/octet-stream`), else as ``content(_:)``.
    private func bodyContent(_ type: TypeExpression, _ contentType: String?) -> DocumentValue {
        let nonOptional = type.nonOptional
        if nonOptional == .primitive(.string), let contentType { return .object([(contentType, Self.textMedia)]) }
        guard nonOptional == .primitive(.data) || nonOptional == .primitive(.file) else { return content(type) }
        return .object([(contentType ?? "application/octet-stream", Self.binaryMedia)])
    }

    /// A media type object whose schema is text.
    private static let textMedia = DocumentValue.object([("schema", .object([("type", .string("string"))]))])

    /// A media type object whose schema is raw bytes.
    private static let binaryMedia = DocumentValue.object([
        ("schema", .object([("type", .string("string")), ("format", .string("binary"))]))
    ])

    private func content(_ type: TypeExpression) -> DocumentValue {
        if type.nonOptional == .primitive(.data) {
            return .object([("application/octet-stream", Self.binaryMedia)])
        }
        return .object([("application/json", .object([("schema", schema(type))]))])
    }

    /// `multipart/form-data` with one property per part (files as `format: binary`), the
    /// non-optional ones `required`, and an `encoding` entry per part with a `contentType:`.
    private func multipartContent(_ fields: [MultipartField]) -> DocumentValue {
        var properties: [(key: String, value: DocumentValue)] = []
        var encoding: [(key: String, value: DocumentValue)] = []
        for field in fields {
            var property = schema(field.type.expression.nonOptional)
            if let description = field.description, case .object(var entries) = property {
                entries.append(("description", .string(description)))
                property = .object(entries)
            }
            properties.append((field.name, property))
            if let contentType = field.contentType {
                encoding.append((field.name, .object([("contentType", .string(contentType))])))
            }
        }
        var schema: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        let required = fields.filter { !$0.type.expression.isOptional }.map { DocumentValue.string($0.name) }
        if !required.isEmpty { schema.append(("required", .array(required))) }
        schema.append(("properties", .object(properties)))
        var media: [(key: String, value: DocumentValue)] = [("schema", .object(schema))]
        if !encoding.isEmpty { media.append(("encoding", .object(encoding))) }
        return .object([("multipart/form-data", .object(media))])
    }

    private func operationExtensions(_ endpoint: Endpoint) -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        if let timeout = endpoint.timeout { result.append(("timeout", .double(timeout))) }
        if let retry = endpoint.retry { result.append(("retry", Self.retry(retry))) }
        if let cache = endpoint.cache { result.append(("cache", Self.cache(cache, lifetime: endpoint.cacheLifetime))) }
        if let idempotent = endpoint.idempotent { result.append(("idempotent", .bool(idempotent))) }
        if endpoint.isGate {
            result.append(("gate", endpoint.gateMaxAge.map { .object([("maxAge", .double($0))]) } ?? .bool(true)))
        }
        if !endpoint.invalidates.isEmpty {
            result.append(
                ("invalidates", .array(endpoint.invalidates.map { .string(operationIDs[$0.value] ?? $0.value) })))
        }
        if !endpoint.usesEnvelope { result.append(("envelope", .bool(false))) }
        if let batch = endpoint.batch {
            var entries: [(String, DocumentValue)] = [
                ("parameter", .string(batch.parameter.value)), ("size", .int(batch.size)),
                ("concurrency", .int(batch.concurrency))
            ]
            if let timeout = batch.timeout { entries.append(("timeout", .double(timeout))) }
            if let deadline = batch.deadline { entries.append(("deadline", .double(deadline))) }
            if batch.partial { entries.append(("partial", .bool(true))) }
            if let key = batch.key { entries.append(("key", .string(key.value))) }
            result.append(("batch", .object(entries)))
        }
        return result
    }

    private static func retry(_ retry: RetrySetting) -> DocumentValue {
        var entries: [(key: String, value: DocumentValue)] = [
            ("max", .int(retry.maxRetries)), ("baseDelay", .double(retry.baseDelay)),
            ("maxDelay", .double(retry.maxDelay))
        ]
        if let statuses = retry.statuses { entries.append(("statuses", .array(statuses.map { .int($0) }))) }
        if let errors = retry.transportErrors {
            entries.append(("transportErrors", .array(errors.map { .string($0.rawValue) })))
        }
        if let deadline = retry.deadline { entries.append(("deadline", .double(deadline))) }
        if retry.longRetryAfter != .clamp { entries.append(("longRetryAfter", .string(retry.longRetryAfter.rawValue))) }
        return .object(entries)
    }

    private static func cache(_ setting: CacheSetting, lifetime: CacheLifetimeSetting? = nil) -> DocumentValue {
        guard let lifetime, case .object(let entries) = cache(setting) else { return cache(setting) }
        return .object(entries + [("lifetime", .string(lifetime.rawValue))])
    }

    private static func cache(_ setting: CacheSetting) -> DocumentValue {
        switch setting {
        case .none: .string("none")
        case .http: .string("http")
        case .cacheFirst(let ttl): .object([("policy", .string("cacheFirst")), ("ttl", .double(ttl))])
        case .networkFirst(let ttl): .object([("policy", .string("networkFirst")), ("ttl", .double(ttl))])
        case .staleWhileRevalidate(let ttl):
            .object([("policy", .string("staleWhileRevalidate")), ("ttl", .double(ttl))])
        }
    }
}
