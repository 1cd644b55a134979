import SpecwrightYAML

extension SpecDecoder {
    static let endpointKeys =
        EndpointMethod.allCases.map(\.rawValue) + [
            "summary", "description", "path", "query", "headers", "body", "response", "errors",
            "cache", "retry", "timeout", "auth", "idempotent", "gate", "batch", "invalidates", "stream", "multipart",
            "download", "envelope"
        ]

    static let parameterKeys = ["type", "default", "description", "style", "allowReserved"]
    static let batchKeys = ["parameter", "size", "concurrency", "timeout", "deadline", "partial", "key"]

    mutating func decodeGroups(_ node: Node) -> [EndpointGroup] {
        if let scalar = node.scalar, case .null = scalar.value { return [] }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of group names to endpoints for 'endpoints', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var groups: [EndpointGroup] = []
        for entry in mapping {
            guard let name = identifierName(entry.key, "a group name") else { continue }
            if let scalar = entry.value.scalar, case .null = scalar.value {
                groups.append(EndpointGroup(name: name, endpoints: [], location: entry.key.location))
                continue
            }
            guard let endpoints = entry.value.mapping else {
                diagnostics.error(
                    "expected a mapping of endpoint names to endpoints for group '\(name)', found \(NodeDescription.describe(entry.value))",
                    at: entry.value.location)
                continue
            }
            var decoded: [Endpoint] = []
            decoded.reserveCapacity(endpoints.count)
            for endpointEntry in endpoints {
                guard let endpointName = identifierName(endpointEntry.key, "an endpoint name") else { continue }
                if let endpoint = decodeEndpoint(
                    name: endpointName, group: name, endpointEntry.value, at: endpointEntry.key.location)
                {
                    decoded.append(endpoint)
                }
            }
            groups.append(EndpointGroup(name: name, endpoints: decoded, location: entry.key.location))
        }
        return groups
    }

    /// A name that must yield a Swift identifier.
    mutating func identifierName(_ node: Node, _ what: String) -> String? {
        guard let name = text(node, what) else { return nil }
        guard SwiftName.lowerCamelCase(name) != nil else {
            diagnostics.error(
                "'\(NodeDescription.excerpt(name))' has no letters or digits to make a Swift name", at: node.location)
            return nil
        }
        return name
    }

    private mutating func decodeEndpoint(name: String, group: String, _ node: Node, at location: SourceLocation)
        -> Endpoint?
    {
        // `endpoint 'group.name'` is only spelled out when a message needs it.
        guard
            let reader = MappingReader(
                node, kind: "endpoint", named: name, qualifiedBy: group, allowed: Self.endpointKeys, owner: location,
                diagnostics: &diagnostics)
        else { return nil }
        let isMethod = { (key: String) in EndpointMethod(rawValue: key) != nil }
        let methodCount = reader.count(where: isMethod)  // the list is only built for a message
        if methodCount == 0 {
            diagnostics.error(
                "\(reader.context) has no HTTP method (add one of get, post, put, patch, delete or head with the path)",
                at: location)
        } else if methodCount > 1 {
            let methods = reader.entries(where: isMethod)
            let names = methods.map { "'\($0.key)'" }.joined(separator: ", ")
            diagnostics.error(
                "\(reader.context) has several HTTP methods (\(names)); keep exactly one",
                at: methods[1].entry.key.location)
        }
        let methodEntry = reader.firstEntry(where: isMethod)
        let decodedPath = methodEntry.flatMap { decodePath($0.entry.value) }

        let declaredPath = reader["path"].map { decodeParameters($0, kind: "path", context: reader.context) } ?? []
        let query = reader["query"].map { decodeParameters($0, kind: "query", context: reader.context) } ?? []
        let headers = reader["headers"].map { decodeParameters($0, kind: "header", context: reader.context) } ?? []
        let decodedBody = reader.entry("body").flatMap { decodeBody($0.value, owner: $0.key.location) }
        let body = decodedBody?.type
        let multipartEntry = reader.entry("multipart")
        let multipart = multipartEntry.map { decodeMultipart($0.value, context: reader.context) }
        let decodedResponse = reader.entry("response").flatMap { decodeResponse($0.value, owner: $0.key.location) }
        let response = decodedResponse?.type
        let errors = reader["errors"].map { decodeErrors($0) } ?? []
        let cacheSettings = reader.entry("cache").flatMap {
            decodeCache($0.value, owner: $0.key.location, allowsLifetime: true)
        }
        let cache = cacheSettings?.setting
        let retry = reader["retry"].flatMap { decodeRetry($0) }
        let timeout = reader["timeout"].flatMap { positiveSeconds($0, "'timeout'") }
        let auth = reader.entry("auth").flatMap { decodeAuth($0.value, owner: $0.key.location) }
        let idempotent = reader["idempotent"].flatMap { bool($0, "'idempotent'") }
        let gateSetting = reader.entry("gate").flatMap { decodeGate($0.value, owner: $0.key.location) }
        let batch = reader.entry("batch").flatMap { decodeBatch($0.value, owner: $0.key.location) }
        let invalidates = reader["invalidates"].map { operationList($0, "'invalidates'") } ?? []
        let envelopeOptOut = reader.entry("envelope").flatMap {
            decodeEnvelopeOptOut($0.value, owner: $0.key.location, serviceLevel: "at the top level of the spec")
        }
        let stream = reader["stream"].flatMap { node in
            keyword(node, "'stream'", ResponseStream.self).map { Located($0, at: node.location) }
        }
        let download = reader.entry("download").flatMap { entry in
            bool(entry.value, "'download'").map { Located($0, at: entry.key.location) }
        }
        let summary = reader["summary"].flatMap { text($0, "'summary'") }
        let description = reader["description"].flatMap { text($0, "'description'") }

        // Without a method or a valid path the endpoint is kept (already reported) so that its
        // other parts are still validated; the document is discarded because of the error.
        let method = methodEntry.flatMap { EndpointMethod(rawValue: $0.key) } ?? .get
        let pathParameters = decodedPath.map { resolvePathParameters($0, declared: declaredPath) } ?? declaredPath
        let path = decodedPath ?? Located(PathTemplate(text: "", parts: []), at: location)
        if let body, method == .get || method == .head {
            diagnostics.warning(
                "a \(method.token) request with a body is not portable; servers and URLSession may drop it",
                at: body.location)
        } else if let multipartEntry, method == .get || method == .head {
            diagnostics.warning(
                "a \(method.token) request with a body is not portable; servers and URLSession may drop it",
                at: multipartEntry.key.location)
        }
        if body != nil, let multipartEntry {
            diagnostics.error(
                "\(reader.context) has both 'body' and 'multipart'; keep one (a multipart body is the request body)",
                at: multipartEntry.key.location)
        }
        if let response, method == .head {
            diagnostics.error("a HEAD response has no body; remove 'response'", at: response.location)
        }
        if let batch {
            checkBatch(batch, query: query, response: response, context: reader.context)
        }
        if let stream { checkStream(stream, response: response, batch: batch, cache: cache, context: reader.context) }
        if let download, download.value {
            checkDownload(
                download, response: response, stream: stream, batch: batch, cache: cache, method: method,
                context: reader.context)
        }
        var endpoint = Endpoint(
            name: name, group: group, method: method, path: path, summary: summary, description: description,
            pathParameters: pathParameters, queryParameters: query, headerParameters: headers,
            body: body, response: response, errors: errors, cache: cache, retry: retry, timeout: timeout,
            auth: auth, idempotent: idempotent, isGate: gateSetting?.isGate ?? false, batch: batch,
            invalidates: invalidates,
            cacheLifetime: cacheSettings?.lifetime, multipart: multipart, location: location)
        endpoint.gateMaxAge = gateSetting?.maxAge
        endpoint.envelopeOptOut = envelopeOptOut
        endpoint.stream = stream
        endpoint.download = download?.value ?? false
        endpoint.bodyContentType = decodedBody?.contentType
        endpoint.bodyDescription = decodedBody?.description
        endpoint.responseContentTypes = decodedResponse?.contentTypes ?? []
        return endpoint
    }

    /// An operation's `envelope:`, which can only be `false` (its responses are not wrapped in the
    /// service's envelope): the location of the key, or nil with an error for anything else
    /// (`true` is the default; an envelope mapping belongs `serviceLevel`).
    mutating func decodeEnvelopeOptOut(_ node: Node, owner: SourceLocation, serviceLevel: String) -> SourceLocation? {
        if node.mapping != nil {
            diagnostics.error(
                "an 'envelope' mapping describes the service's envelope: write it \(serviceLevel); "
                    + "per operation only 'envelope: false' (responses not wrapped) can be set",
                at: owner)
            return nil
        }
        guard let value = bool(node, "'envelope'") else { return nil }
        if value {
            diagnostics.error(
                "'envelope: true' is the default; per operation only 'envelope: false' (responses not wrapped) can be set",
                at: node.location)
            return nil
        }
        return owner
    }

    /// `gate: true | false`, or `gate: { maxAge: SECONDS }` (a gate whose opening expires).
    mutating func decodeGate(_ node: Node, owner: SourceLocation) -> (isGate: Bool, maxAge: Double?)? {
        if node.mapping == nil { return bool(node, "'gate'").map { ($0, nil) } }
        guard
            let reader = MappingReader(
                node, context: "'gate'", allowed: ["maxAge"], owner: owner, diagnostics: &diagnostics)
        else {
            return nil
        }
        guard
            let maxAge = reader.required("maxAge", diagnostics: &diagnostics).flatMap({
                positiveSeconds($0, "'maxAge'")
            })
        else {
            return nil
        }
        return (true, maxAge)
    }

    /// `stream:` needs a `response` (the element type) and cannot be split into batches; a cache
    /// setting has no effect (streamed responses are never cached).
    private mutating func checkStream(
        _ stream: Located<ResponseStream>, response: TypeUse?, batch: BatchSetting?, cache: CacheSetting?,
        context: String
    ) {
        guard let response else {
            diagnostics.error(
                "'stream: \(stream.value.rawValue)' needs a 'response': the type of each streamed value",
                at: stream.location)
            return
        }
        if response.expression == .primitive(.data) {
            diagnostics.error(
                "a streamed response's values are decoded; 'Data' cannot be one (remove 'stream' for a binary body)",
                at: response.location)
        }
        if let batch {
            diagnostics.error(
                "a streamed response cannot be split into batches; remove 'batch' or 'stream'", at: batch.location)
        }
        if let cache, cache != .none {
            diagnostics.warning(
                "streamed responses are never cached; the 'cache' setting of \(context) has no effect",
                at: stream.location)
        }
    }

    /// `download: true` streams the raw response body into a file: the response is `Data` or
    /// left out, and not a stream, a batch or a HEAD response; a cache setting has no effect
    /// (downloads never go through the cache).
    private mutating func checkDownload(
        _ download: Located<Bool>, response: TypeUse?, stream: Located<ResponseStream>?, batch: BatchSetting?,
        cache: CacheSetting?,
        method: EndpointMethod, context: String
    ) {
        if let response, response.expression != .primitive(.data) {
            diagnostics.error(
                "'download: true' writes the raw response body to a file; the response must be 'Data' or left out, not '\(response)'",
                at: response.location)
        }
        if let stream {
            diagnostics.error("a download cannot be a stream; remove 'download' or 'stream'", at: stream.location)
        }
        if let batch {
            diagnostics.error(
                "a download cannot be split into batches; remove 'download' or 'batch'", at: batch.location)
        }
        if method == .head {
            diagnostics.error("a HEAD response has no body to download; remove 'download'", at: download.location)
        }
        if let cache, cache != .none {
            diagnostics.warning(
                "downloads are never cached; the 'cache' setting of \(context) has no effect", at: download.location)
        }
    }

    private mutating func decodeParameters(_ node: Node, kind: String, context: @autoclosure () -> String)
        -> [Parameter]
    {
        if let scalar = node.scalar, case .null = scalar.value { return [] }
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of \(kind) parameter names to types in \(context()), found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var parameters: [Parameter] = []
        parameters.reserveCapacity(mapping.count)
        // Message parts as constants for the three kinds (no string built per list).
        let nameWhat: String
        let readerKind: String
        switch kind {
        case "path": (nameWhat, readerKind) = ("a path parameter name", "path parameter")
        case "query": (nameWhat, readerKind) = ("a query parameter name", "query parameter")
        case "header": (nameWhat, readerKind) = ("a header parameter name", "header parameter")
        default: (nameWhat, readerKind) = ("a \(kind) parameter name", "\(kind) parameter")
        }
        for entry in mapping {
            let name: String?
            if kind == "header" {
                name = headerName(entry.key)
            } else {
                name = identifierName(entry.key, nameWhat)
            }
            guard let name else { continue }
            if entry.value.mapping != nil {
                guard
                    let reader = MappingReader(
                        entry.value, kind: readerKind, named: name, allowed: Self.parameterKeys,
                        owner: entry.key.location, diagnostics: &diagnostics)
                else { continue }
                let type = reader.required("type", diagnostics: &diagnostics).flatMap { typeUse($0, reader.context) }
                let description = reader["description"].flatMap { text($0, "'description'") }
                let defaultValue = reader["default"].flatMap { node in
                    literal(node).map { Located($0, at: node.location) }
                }
                let style = reader["style"].flatMap { queryStyle($0, kind: kind, name: name) }
                let allowsReserved = reader["allowReserved"].map { allowReserved($0, kind: kind, name: name) } ?? false
                guard let type else { continue }
                parameters.append(
                    Parameter(
                        name: name, type: type, defaultValue: defaultValue, description: description, isDeclared: true,
                        location: entry.key.location, style: style, allowsReserved: allowsReserved))
            } else if let type = typeUse(entry.value, "\(kind) parameter '\(name)'") {
                parameters.append(
                    Parameter(
                        name: name, type: type, defaultValue: nil, description: nil, isDeclared: true,
                        location: entry.key.location))
            }
        }
        return parameters
    }

    /// A query parameter's `style`: `form` (the default: an object's properties as items of their
    /// own) or `deepObject` (`name[property]=value`); an error anywhere else or for another value.
    private mutating func queryStyle(_ node: Node, kind: String, name: String) -> Located<String>? {
        guard kind == "query" else {
            diagnostics.error(
                "'style' applies only to query parameters, not to \(kind) parameter '\(name)'", at: node.location)
            return nil
        }
        guard let text = node.scalar?.text, text == "form" || text == "deepObject" else {
            diagnostics.error(
                "expected 'form' or 'deepObject' for the style of query parameter '\(name)', found \(NodeDescription.describe(node))",
                at: node.location)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// A query parameter's `allowReserved`: `true` sends a scalar's (or an array's) reserved
    /// characters as they are; an error anywhere but under `query` and for anything but a boolean.
    private mutating func allowReserved(_ node: Node, kind: String, name: String) -> Bool {
        guard kind == "query" else {
            diagnostics.error(
                "'allowReserved' applies only to query parameters, not to \(kind) parameter '\(name)'",
                at: node.location)
            return false
        }
        guard let scalar = node.scalar, case .bool(let flag) = scalar.value else {
            diagnostics.error(
                "expected true or false for 'allowReserved' of query parameter '\(name)', found \(NodeDescription.describe(node))",
                at: node.location)
            return false
        }
        return flag
    }

    private mutating func decodeErrors(_ node: Node) -> [ErrorResponse] {
        guard let mapping = node.mapping else {
            diagnostics.error(
                "expected a mapping of statuses to types for 'errors', found \(NodeDescription.describe(node))",
                at: node.location)
            return []
        }
        var errors: [ErrorResponse] = []
        for entry in mapping {
            let status: Int?
            if let scalar = entry.key.scalar, case .int(let value) = scalar.value {
                guard (400...599).contains(value) else {
                    diagnostics.error("error status must be 400–599 or 'default', not \(value)", at: entry.key.location)
                    continue
                }
                status = value
            } else if entry.key.scalar?.text == "default" {
                status = nil
            } else {
                diagnostics.error(
                    "error status must be 400–599 or 'default', not \(NodeDescription.describe(entry.key))",
                    at: entry.key.location)
                continue
            }
            let what = status.map { "error \($0)" } ?? "the default error"
            guard let type = typeUse(entry.value, what) else { continue }
            errors.append(ErrorResponse(status: status, type: type, location: entry.key.location))
        }
        return errors
    }

    mutating func decodeBatch(_ node: Node, owner: SourceLocation) -> BatchSetting? {
        guard
            let reader = MappingReader(
                node, context: "'batch'", allowed: Self.batchKeys, owner: owner, diagnostics: &diagnostics)
        else { return nil }
        let parameterNode = reader.required("parameter", diagnostics: &diagnostics)
        let parameter = parameterNode.flatMap { word($0, "'parameter'") }
        let size = reader.required("size", diagnostics: &diagnostics).flatMap { positiveInteger($0, "'size'") }
        let concurrency = reader["concurrency"].map { positiveInteger($0, "'concurrency'") } ?? 1
        let timeout = reader["timeout"].flatMap { positiveSeconds($0, "'timeout'") }
        let deadline = reader["deadline"].flatMap { positiveSeconds($0, "'deadline'") }
        let partial = reader["partial"].flatMap { bool($0, "'partial'") } ?? false
        let key = reader["key"].flatMap { keyNode in word(keyNode, "'key'").map { Located($0, at: keyNode.location) } }
        guard let parameterNode, let parameter, let size, let concurrency else { return nil }
        var setting = BatchSetting(
            parameter: Located(parameter, at: parameterNode.location), size: size, concurrency: concurrency,
            location: node.location)
        setting.timeout = timeout
        setting.deadline = deadline
        setting.partial = partial
        setting.key = key
        return setting
    }

    private mutating func positiveInteger(_ node: Node, _ what: String) -> Int? {
        guard let value = integer(node, what) else { return nil }
        guard value >= 1 else {
            diagnostics.error("\(what) must be at least 1, not \(value)", at: node.location)
            return nil
        }
        return value
    }

    private mutating func checkBatch(
        _ batch: BatchSetting, query: [Parameter], response: TypeUse?, context: @autoclosure () -> String
    ) {
        let name = batch.parameter.value
        guard let parameter = query.first(where: { $0.name == name }) else {
            let hint = Suggestions.didYouMean(name, in: query.map(\.name))
            diagnostics.error(
                "batch parameter '\(name)' is not a query parameter of \(context())\(hint.text)",
                at: batch.parameter.location, suggestion: hint.suggestion)
            return
        }
        if parameter.type.expression.arrayElement == nil {
            diagnostics.error(
                "batch parameter '\(name)' must be an array query parameter, not '\(parameter.type.expression)'",
                at: batch.parameter.location)
        }
        if let response, response.expression.arrayElement == nil {
            diagnostics.error(
                "a batch endpoint must return an array so that the parts can be merged, not '\(response.expression)'",
                at: response.location)
        } else if response == nil {
            diagnostics.error(
                "a batch endpoint must return an array so that the parts can be merged; add 'response'",
                at: batch.location)
        }
    }
}
