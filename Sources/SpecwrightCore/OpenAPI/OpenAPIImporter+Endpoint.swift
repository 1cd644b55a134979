import Foundation
import SpecwrightYAML

extension OpenAPIImporter {
    /// Lowers one operation: parameters, body, success response, error bodies, options.
    mutating func lowerOperation(_ collected: CollectedOperation, name: IR.Identifier, group: GroupNames, raw: String)
        -> IR.Endpoint
    {
        let operation = collected.operation
        let hint = naming.operationStems[raw] ?? SwiftName.upperCamelCase(raw) ?? name.name
        var scope = NameScope(reserved: NameScope.reservedParameterNames)
        var lowered = ParameterLists()
        lowerParameters(collected, hint: hint, scope: &scope, into: &lowered)
        var body: IR.RequestBodyKind?
        if let requestBody = operation.requestBody, let resolvedBody = resolved(requestBody) {
            body = lowerRequestBody(resolvedBody, hint: hint, scope: &scope, into: &lowered)
        }
        body = lowerFormDataParameters(lowered.formData, body: body, hint: hint, scope: &scope, into: &lowered)
        if collected.method == .patch, body == .formURLEncoded || body == .multipart {
            Self.leavingDefaultsOutOfPatchForm(&lowered)
        }
        let (response, errors, success) = lowerResponses(operation, hint: hint)
        for callback in operation.callbacks {
            skip(
                .callback, "callback '\(callback.value)' is not generated: clients only send requests",
                at: callback.location)
        }
        let path = Self.pathSegments(collected.path).map { pieces in
            IR.PathSegment(
                pieces: pieces.map { piece in
                    if piece.isParameter, let identifier = lowered.pathNames[piece.text] {
                        return .parameter(identifier)
                    }
                    return .literal(IR.StringLiteral(piece.isParameter ? "{" + piece.text + "}" : piece.text))
                })
        }
        let security = operationSecurity(operation)
        let settings = operationSettings(operation)
        var endpoint = IR.Endpoint(
            name: name,
            operationName: IR.StringLiteral(group.property.name + "." + name.name),
            method: collected.method,
            documentation: endpointDocumentation(operation, parameters: lowered.all, security: security.documentation),
            path: path,
            parameters: lowered.path + lowered.body + lowered.query + lowered.header + lowered.cookie,
            body: body,
            response: response,
            errors: errors,
            options: IR.EndpointOptions(auth: security.requirement, isIdempotent: false),
            batch: nil,
            source: IR.EndpointSource(
                names: [operation.id].compactMap { $0 },
                tags: operation.tags,
                pathTemplate: collected.path, settings: settings))
        if let success { lowerResponseHeaders(success, hint: hint, group: group.property.name, into: &endpoint) }
        endpoint.options.accept = success.flatMap { Self.acceptedMediaTypes($0, response: response) }.map(
            IR.StringLiteral.init)
        endpoint.download = response == .binary
        endpoint.hasTrailingSlash = PathTemplate.hasTrailingSlash(collected.path)
        return endpoint
    }

    /// The `Accept` of an operation whose success response is not JSON: its media types (a binary
    /// response's, e.g. `image/png, image/jpeg` or `*/*`; a stream's one unless the runtime asks
    /// for it anyway), so that a service whose static headers ask for JSON still gets the bytes the
    /// operation declares. Keys that are not media ranges are left out; nil for a JSON response or none.
    static func acceptedMediaTypes(_ success: OpenAPI.Response, response: IR.Response) -> String? {
        let keys = success.content?.map(\.mediaType) ?? []
        let chosen: [String]
        switch response {
        case .binary, .text: chosen = keys.filter { !isJSON($0) }
        case .stream:
            guard let content = success.content, let (format, _) = streamMedia(content),
                let key = keys.first(where: { streamMedia(key: $0) == format })
            else { return nil }
            // The runtime asks for these by default (`events`: text/event-stream; `jsonLines`:
            // application/jsonl, application/x-ndjson, application/x-jsonlines).
            let defaults = ["text/event-stream", "application/jsonl", "application/x-ndjson", "application/x-jsonlines"]
            if defaults.contains(key.trimmingCharacters(in: .whitespaces).lowercased()) { return nil }
            chosen = [key]
        case .none, .json: return nil
        }
        let ranges = chosen.filter(isMediaRange)
        return ranges.isEmpty ? nil : ranges.joined(separator: ", ")
    }

    /// `type/subtype` (with optional `;` parameters): visible ASCII, no comma, one `/` before any `;`.
    private static func isMediaRange(_ text: String) -> Bool {
        let head = text.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
        let parts = head.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty }
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "," && $0 != "\"" }
    }

    private func endpointDocumentation(_ operation: OpenAPI.Operation, parameters: [IR.Parameter], security: String?)
        -> IR.Documentation
    {
        let described = parameters.filter { !$0.documentation.isEmpty }
        let parameterLines = described.map {
            "- Parameter \($0.name.name): " + $0.documentation.lines.joined(separator: " ")
        }
        let deprecated = operation.deprecated ? "Deprecated." : nil
        return IR.Documentation(paragraphs: [
            operation.summary, operation.description, deprecated,
            parameterLines.isEmpty ? nil : parameterLines.joined(separator: "\n"), security
        ])
    }

    // MARK: Responses

    /// Media types read as JSON: `application/json`, `*/*+json`, `application/problem+json`, ….
    static func isJSON(_ mediaType: String) -> Bool {
        let base =
            mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base == "application/json" || base.hasSuffix("+json") || base == "text/json"
    }

    /// The JSON schema of a content map, if it has a JSON media type.
    static func jsonSchema(_ content: [OpenAPI.MediaTypeEntry]?) -> (found: Bool, schema: Schema?) {
        for entry in content ?? [] where isJSON(entry.mediaType) {
            return (true, entry.media.schema)
        }
        return (false, nil)
    }

    /// The success response's body and node (its headers are typed), and the typed error bodies.
    /// Headers of the other responses are reported: only the success response's are generated.
    mutating func lowerResponses(_ operation: OpenAPI.Operation, hint: String) -> (
        IR.Response, [IR.ErrorBody], success: OpenAPI.Response?
    ) {
        let (response, errors, success) = lowerResponseBodies(operation, hint: hint)
        for (code, value) in operation.responses {
            guard let other = resolved(value), other.location != success?.location else { continue }
            for (header, headerNode) in other.headers where header.lowercased() != "content-type" {
                skip(
                    .responseHeader,
                    "response header '\(header)' of response '\(code)' is not exposed: only the success response's headers are typed",
                    at: headerNode.location)
            }
        }
        return (response, errors, success)
    }

    private mutating func lowerResponseBodies(_ operation: OpenAPI.Operation, hint: String) -> (
        IR.Response, [IR.ErrorBody], OpenAPI.Response?
    ) {
        var success: (code: Int, response: OpenAPI.Response)?
        var errors: [IR.ErrorBody] = []
        for (code, value) in operation.responses {
            guard let response = resolved(value) else { continue }
            for link in response.links {
                skip(.link, "link '\(link.value)' is not generated", at: link.location)
            }
            if let status = Int(code), (200..<300).contains(status) {
                if success.map({ status < $0.code }) ?? true { success = (status, response) }
                continue
            }
            let status: Int?
            if code == "default" {
                status = nil
            } else if let number = Int(code) {
                status = number
            } else {
                if response.content != nil {
                    skip(
                        .statusRange,
                        "status range '\(code)' has no typed error body: only exact statuses and 'default' do",
                        at: value.location)
                }
                continue
            }
            let (found, schema) = Self.jsonSchema(response.content)
            guard found, let schema else {
                // Text, as a success body is (OpenAPIImporter+TextBodies.swift): the caller reads a `String`.
                if !found, let content = response.content, !content.isEmpty, content.allSatisfy({ isTextContent($0) }) {
                    errors.append(IR.ErrorBody(status: status, type: .builtin(.string), isText: true))
                }
                continue
            }
            let label = status.map { "error \($0)" } ?? "error"
            errors.append(
                IR.ErrorBody(status: status, type: typeReference(schema, hint: hint + " " + label).nonOptional))
        }
        guard let (_, response) = success else {
            if let range = operation.responses.first(where: { $0.status == "2XX" }).flatMap({ resolved($0.response) }) {
                return (successBody(range, hint: hint), errors, range)
            }
            return (.none, errors, nil)
        }
        return (successBody(response, hint: hint), errors, response)
    }

    private mutating func successBody(_ response: OpenAPI.Response, hint: String) -> IR.Response {
        guard let content = response.content, !content.isEmpty else { return .none }
        let (found, schema) = Self.jsonSchema(content)
        if found {
            guard let schema else { return .none }
            return .json(typeReference(schema, hint: hint + " response").nonOptional)
        }
        if let (format, media) = Self.streamMedia(content) {
            // OAS 3.2 `itemSchema` describes one value; a `schema` is taken as one value too,
            // unless it is an array (the whole stream), whose items are then the values.
            guard let schema = media.itemSchema ?? media.schema else {
                return format == .serverSentEvents ? .stream(.builtin(.string), format) : .binary
            }
            let type = typeReference(schema, hint: hint + " event").nonOptional
            return .stream(media.itemSchema == nil ? (type.arrayElement ?? type) : type, format)
        }
        // Text only when every media type the response may come in is text: bytes cover the rest.
        if content.allSatisfy({ isTextContent($0) }) { return .text }
        return .binary
    }

    /// The streamed media type of a content map (`text/event-stream`, `application/jsonl`,
    /// `application/x-ndjson`, `application/x-jsonlines`), with its media object.
    static func streamMedia(_ content: [OpenAPI.MediaTypeEntry]) -> (IR.StreamFormat, OpenAPI.MediaType)? {
        for entry in content {
            if let format = streamMedia(key: entry.mediaType) { return (format, entry.media) }
        }
        return nil
    }

    /// The stream format a media type names, or nil.
    static func streamMedia(key mediaType: String) -> IR.StreamFormat? {
        let base =
            mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch base {
        case "text/event-stream": return .serverSentEvents
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines":
            return .jsonLines
        default: return nil
        }
    }
}
