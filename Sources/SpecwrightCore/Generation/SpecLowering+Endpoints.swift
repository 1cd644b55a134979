import SpecwrightYAML

extension SpecLowering {
    mutating func lowerGroup(_ group: EndpointGroup, property: IR.Identifier) -> IR.EndpointGroup {
        let stem = SwiftName.upperCamelCase(group.name) ?? "Group"
        var names: [IR.Identifier] = []
        for suffix in NameScope.groupTypeSuffixes {
            names.append(
                requestTypeName(
                    .groupType(group: property.name, role: names.count), exactly: stem + suffix,
                    warning: "the type '\(stem + suffix)' of group '\(group.name)'", at: group.location))
        }
        let (enumName, protocolName, clientName) = (names[0], names[1], names[2])
        // Type names are reserved in member scopes: a member spelled like a type (`_2fa`) would
        // hide the type inside the generated enum.
        var endpointScope = NameScope(reserved: NameScope.reservedEndpointNames, shared: memberReservedNames)
        let endpoints = group.endpoints.map { endpoint in
            // What lowering reports about the endpoint (renamed endpoint, parameters) goes with
            // it when the filter leaves it out.
            let reported = diagnostics.diagnostics.count
            let name = endpointScope.identifier(for: endpoint.name, style: .member, fallback: "call")
            warnIfRenamed(endpointScope, "endpoint '\(endpoint.name)'", at: endpoint.location)
            var lowered = lowerEndpoint(endpoint, name: name)
            lowered.source = IR.EndpointSource(
                names: [endpoint.name, endpoint.operationName], tags: [group.name],
                pathTemplate: endpoint.path.value.text)
            lowered.source.diagnostics = Array(diagnostics.diagnostics[reported...])
            return lowered
        }
        return IR.EndpointGroup(
            propertyName: property, enumName: enumName, protocolName: protocolName, clientName: clientName,
            documentation: IR.Documentation("The `\(property.name)` endpoints."), endpoints: endpoints)
    }

    private mutating func lowerEndpoint(_ endpoint: Endpoint, name: IR.Identifier) -> IR.Endpoint {
        var scope = NameScope(reserved: NameScope.reservedParameterNames, shared: memberReservedNames)
        // The validator rejects parameters named alike; multipart fields may still meet them.
        scope.expect((endpoint.multipart ?? []).map(\.name))
        var byRawName: [String: IR.Identifier] = [:]
        func lower(_ parameter: Parameter, _ location: IR.ParameterLocation) -> IR.Parameter {
            let identifier = scope.identifier(for: parameter.name, style: .member, fallback: "value")
            warnIfRenamed(scope, "parameter '\(parameter.name)'", at: parameter.location)
            if location == .path { byRawName[parameter.name] = identifier }
            var lowered = IR.Parameter(
                name: identifier, wireName: IR.StringLiteral(parameter.name), location: location,
                type: reference(parameter.type.expression),
                defaultValue: parameter.defaultValue.map {
                    defaultExpression($0.value, type: parameter.type.expression)
                },
                documentation: IR.Documentation(parameter.description),
                objectStyle: parameter.style?.value == "deepObject" ? .deepObject : .form)
            lowered.allowsReserved = parameter.allowsReserved
            return lowered
        }
        let path = endpoint.pathParameters.map { lower($0, .path) }
        let query = endpoint.queryParameters.map { lower($0, .query) }
        let headers = endpoint.headerParameters.map { lower($0, .header) }
        for parameter in endpoint.queryParameters
        where !ParameterTypeCheck.isWritable(
            parameter.type.expression, allowArray: true, allowObject: true, typesByName: definitions)
        {
            diagnostics.error(
                "query parameter '\(parameter.name)' has type '\(parameter.type)'; query values must be scalars, enums, arrays of them, objects or maps",
                at: parameter.type.location)
        }
        var bodyKind: IR.RequestBodyKind?
        var body: [IR.Parameter] = []
        if let use = endpoint.body {
            let type = reference(use.expression)
            let isText = type == .builtin(.string) && endpoint.bodyContentType.map(OpenAPIImporter.isTextMedia) == true
            let isBinary = type == .builtin(.data) || type == .builtin(.file) || isText
            bodyKind =
                isBinary
                ? .binary(contentType: IR.StringLiteral(endpoint.bodyContentType ?? "application/octet-stream")) : .json
            body = [
                IR.Parameter(
                    name: scope.claim("body"), wireName: IR.StringLiteral("body"), location: .body, type: type,
                    documentation: IR.Documentation(endpoint.bodyDescription))
            ]
        } else if let fields = endpoint.multipart {
            bodyKind = .multipart
            body = fields.map { field in
                let name = scope.identifier(for: field.name, style: .member, fallback: "part")
                warnIfRenamed(scope, "multipart field '\(field.name)'", at: field.location)
                return IR.Parameter(
                    name: name, wireName: IR.StringLiteral(field.name),
                    location: .multipartPart(filename: nil, contentType: field.contentType.map(IR.StringLiteral.init)),
                    type: reference(field.type.expression), documentation: IR.Documentation(field.description))
            }
        }
        let response: IR.Response
        switch endpoint.response.map({ reference($0.expression) }) {
        case nil: response = endpoint.download ? .binary : .none
        case .builtin(.data)?: response = .binary
        case .builtin(.string)? where !endpoint.responseContentTypes.isEmpty: response = .text
        case let type?:
            switch endpoint.stream?.value {
            case .sse?: response = .stream(type, .serverSentEvents)
            case .jsonl?: response = .stream(type, .jsonLines)
            case nil: response = .json(type)
            }
        }
        var lowered = IR.Endpoint(
            name: name,
            operationName: IR.StringLiteral(endpoint.operationName),
            method: IR.HTTPMethod(rawValue: endpoint.method.rawValue) ?? .get,
            documentation: documentation(endpoint, parameters: path + body + query + headers),
            path: lowerPath(endpoint.path.value, parameters: byRawName),
            parameters: path + body + query + headers,
            body: bodyKind,
            response: response,
            errors: endpoint.errors.map { IR.ErrorBody(status: $0.status, type: reference($0.type.expression)) },
            options: options(endpoint),
            batch: batch(endpoint, parameters: query))
        lowered.download = endpoint.download && response == .binary
        lowered.hasTrailingSlash = endpoint.path.value.hasTrailingSlash
        // Raw bytes are not JSON: a service's static `Accept: application/json` must not ask for JSON.
        // The declared media types (`response: { type: Data, contentType: image/png }`), else any.
        if response == .binary || response == .text {
            let accept = endpoint.responseContentTypes.joined(separator: ", ")
            lowered.options.accept = IR.StringLiteral(accept.isEmpty ? "*/*" : accept)
        }
        return lowered
    }

    private func documentation(_ endpoint: Endpoint, parameters: [IR.Parameter]) -> IR.Documentation {
        let described = parameters.filter { !$0.documentation.isEmpty }
        let parameterLines = described.map {
            "- Parameter \($0.name.name): " + $0.documentation.lines.joined(separator: " ")
        }
        return IR.Documentation(paragraphs: [
            endpoint.summary, endpoint.description, "`\(endpoint.method.token) \(endpoint.path.value.text)`",
            parameterLines.isEmpty ? nil : parameterLines.joined(separator: "\n")
        ])
    }

    private func lowerPath(_ template: PathTemplate, parameters: [String: IR.Identifier]) -> [IR.PathSegment] {
        template.segments.map { parts in
            IR.PathSegment(
                pieces: parts.map { part in
                    switch part {
                    case .literal(let text): .literal(IR.StringLiteral(text))
                    case .parameter(let name):
                        parameters[name].map(IR.PathPiece.parameter) ?? .literal(IR.StringLiteral(name))
                    }
                })
        }
    }

    private func options(_ endpoint: Endpoint) -> IR.EndpointOptions {
        var options = IR.EndpointOptions(
            timeout: endpoint.timeout,
            retry: endpoint.retry.map(Self.retry),
            cache: endpoint.cache.map(Self.cache),
            auth: authRequirement(endpoint.auth),
            isIdempotent: endpoint.idempotent == true && !endpoint.method.isIdempotentByDefault,
            isGate: endpoint.isGate,
            invalidates: endpoint.invalidates.map { IR.StringLiteral($0.value) },
            cacheLifetime: endpoint.cacheLifetime == .app ? .app : nil,  // `.server` is the runtime's default
            gateMaxAge: endpoint.gateMaxAge)
        options.usesEnvelope = endpoint.usesEnvelope
        return options
    }

    /// An endpoint's own `auth:` as a requirement; `.inherit` when it has none or repeats the
    /// service's (the generated code then says nothing).
    private func authRequirement(_ setting: AuthSetting?) -> IR.AuthRequirement {
        guard let setting, setting != document.auth else { return .inherit }
        return IR.AuthRequirement.inherited(from: Self.auth(setting))
    }

    private func batch(_ endpoint: Endpoint, parameters: [IR.Parameter]) -> IR.Batch? {
        guard let batch = endpoint.batch,
            let parameter = parameters.first(where: { $0.wireName.value == batch.parameter.value })
        else { return nil }
        var key: IR.Identifier?
        if let name = batch.key?.value, case .named(let typeName)? = endpoint.response?.expression.arrayElement,
            let properties = definitions[typeName]?.properties,
            let index = properties.firstIndex(where: { $0.name == name })
        {
            key = propertyNames(properties, of: typeName)[index]
        }
        return IR.Batch(
            parameter: parameter.name, size: batch.size, concurrency: batch.concurrency, timeout: batch.timeout,
            deadline: batch.deadline, partial: batch.partial, key: key)
    }
}
