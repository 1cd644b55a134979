import Mustache

/// Builds the template contexts of `Endpoints.swift` (documented in `docs/templates.md`).
///
/// Each `switch` the templates write gets one entry per endpoint that needs a branch, with a
/// ready-made pattern that binds only the associated values the branch uses (so the output has
/// no unused-variable warnings), and a flag telling whether a `default:` branch is needed.
struct EndpointContexts {
    let access: AccessLevel
    let formatting: ValueFormatting

    func group(_ group: IR.EndpointGroup) -> [String: MustacheValue] {
        let endpoints = group.endpoints
        let queryCases = endpoints.compactMap { itemsCase($0, location: .query, receiver: "queryItems") }
        let cookieCases = endpoints.compactMap { itemsCase($0, location: .cookie, receiver: "cookieItems") }
        let headerCases = endpoints.compactMap(headerCase)
        let bodyCases = endpoints.compactMap(bodyCase)
        let optionCases = endpoints.compactMap(optionsCase)
        let errorCases = endpoints.compactMap(errorsCase)
        let encodedPathCases = endpoints.compactMap(encodedPathBranch)
        return [
            "cases": .list(endpoints.map { caseDeclaration($0, group: group) }),
            "operationNames": .list(endpoints.map { branch(pattern(for: $0, binding: []), $0.operationName.code) }),
            "httpMethods": .list(endpoints.map { branch(pattern(for: $0, binding: []), "." + $0.method.rawValue) }),
            "routes": .list(
                endpoints.map { endpoint -> MustacheValue in
                    [
                        "pattern": .string(pattern(for: endpoint, binding: [])),
                        "name": .string(endpoint.operationName.code),
                        "method": .string("." + endpoint.method.rawValue)
                    ]
                }),
            "paths": .list(endpoints.map(pathBranch)),
            "hasEncodedPaths": .bool(!encodedPathCases.isEmpty),
            "encodedPaths": .list(encodedPathCases),
            "encodedPathsNeedDefault": .bool(encodedPathCases.count < endpoints.count),
            "trailingSlash": trailingSlash(endpoints).map(MustacheValue.string) ?? .bool(false),
            "hasQuery": .bool(!queryCases.isEmpty),
            "queryCases": .list(queryCases),
            "queryNeedsDefault": .bool(queryCases.count < endpoints.count),
            "hasCookies": .bool(!cookieCases.isEmpty),
            "cookieCases": .list(cookieCases),
            "cookiesNeedDefault": .bool(cookieCases.count < endpoints.count),
            "hasHeaders": .bool(!headerCases.isEmpty),
            "headerCases": .list(headerCases),
            "headersNeedDefault": .bool(headerCases.count < endpoints.count),
            "hasBody": .bool(!bodyCases.isEmpty),
            "bodyCases": .list(bodyCases),
            "bodyNeedsDefault": .bool(bodyCases.count < endpoints.count),
            "hasOptions": .bool(!optionCases.isEmpty),
            "optionCases": .list(optionCases),
            "optionsNeedDefault": .bool(optionCases.count < endpoints.count),
            "hasErrors": .bool(!errorCases.isEmpty),
            "errorCases": .list(errorCases),
            "errorsNeedDefault": .bool(errorCases.count < endpoints.count)
        ]
    }

    // MARK: Cases and patterns

    /// A case, documented by a pointer to the client method (the operation's documentation is
    /// written once, on the group protocol).
    private func caseDeclaration(_ endpoint: IR.Endpoint, group: IR.EndpointGroup) -> MustacheValue {
        let values = endpoint.parameters.map { "\($0.name.code): \($0.type.code)" }
        let reference =
            "/// The request of ``" + group.protocolName.name + "/" + ClientContexts.symbolName(endpoint) + "``."
        return [
            "doc": .list([.string(reference)]),
            "name": .string(endpoint.name.code),
            "associatedValues": .string(values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
        ]
    }

    /// `.name`, or `.name(_, let x)` binding only the parameters in `binding`.
    private func pattern(for endpoint: IR.Endpoint, binding: Set<IR.Identifier>) -> String {
        let slots = endpoint.parameters.map { binding.contains($0.name) ? "let " + $0.name.code : "_" }
        guard slots.contains(where: { $0 != "_" }) else { return "." + endpoint.name.code }
        return "." + endpoint.name.code + "(" + slots.joined(separator: ", ") + ")"
    }

    /// A `case pattern: value` branch; `wrappedLines`, when given, replace the one-line value
    /// with lines written below the `case` (for values too long for one line).
    private func branch(_ pattern: String, _ value: String, wrappedLines: [String] = []) -> MustacheValue {
        [
            "pattern": .string(pattern), "value": .string(value), "isInline": .bool(wrappedLines.isEmpty),
            "valueLines": .list(wrappedLines.map(MustacheValue.string))
        ]
    }

    private func parameters(_ endpoint: IR.Endpoint, where matches: (IR.ParameterLocation) -> Bool) -> [IR.Parameter] {
        endpoint.parameters.filter { matches($0.location) }
    }

    // MARK: Branches

    private func pathBranch(_ endpoint: IR.Endpoint) -> MustacheValue {
        guard !isStyled(endpoint) else {
            return branch(
                pattern(for: endpoint, binding: []), "PathSegmentText.decoded(percentEncodedPathSegments)")
        }
        let segments = endpoint.path.map { formatting.segmentExpression($0, parameters: endpoint.parameters) }
        return branch(
            pattern(for: endpoint, binding: pathParameters(endpoint)), "[" + segments.joined(separator: ", ") + "]")
    }

    /// The `percentEncodedPathSegments` branch of an endpoint with a parameter in a path style
    /// the runtime expands (`label`, `matrix`, arrays and objects); nil for the others.
    private func encodedPathBranch(_ endpoint: IR.Endpoint) -> MustacheValue? {
        guard isStyled(endpoint) else { return nil }
        let segments = endpoint.path.map { formatting.encodedSegmentExpression($0, parameters: endpoint.parameters) }
        return branch(
            pattern(for: endpoint, binding: pathParameters(endpoint)), "[" + segments.joined(separator: ", ") + "]")
    }

    private func isStyled(_ endpoint: IR.Endpoint) -> Bool {
        endpoint.path.contains { formatting.isStyled($0, parameters: endpoint.parameters) }
    }

    private func pathParameters(_ endpoint: IR.Endpoint) -> Set<IR.Identifier> {
        Set(
            endpoint.path.flatMap(\.pieces).compactMap { piece -> IR.Identifier? in
                if case .parameter(let name) = piece { return name }
                return nil
            })
    }

    /// The body of `hasTrailingSlash` (`true`, or a `switch` over the cases whose path ends with
    /// `/`); nil when no path of the group does (the protocol's default, `false`, applies).
    private func trailingSlash(_ endpoints: [IR.Endpoint]) -> String? {
        let slashed = endpoints.filter(\.hasTrailingSlash)
        guard !slashed.isEmpty else { return nil }
        guard slashed.count < endpoints.count else { return "true" }
        let patterns = slashed.map { pattern(for: $0, binding: []) }.joined(separator: ", ")
        return "switch self {\n        case \(patterns): true\n        default: false\n        }"
    }

    /// The `queryItems.append` (or, for cookies, `cookieItems.append`) statements of one branch.
    private func itemsCase(_ endpoint: IR.Endpoint, location: IR.ParameterLocation, receiver: String)
        -> MustacheValue?
    {
        let items = parameters(endpoint) { $0 == location }
        guard !items.isEmpty else { return nil }
        return [
            "pattern": .string(pattern(for: endpoint, binding: Set(items.map(\.name)))),
            "lines": .list(items.map { .string(appendCall(receiver, $0, dates: formatting.datesExpression)) })
        ]
    }

    private func headerCase(_ endpoint: IR.Endpoint) -> MustacheValue? {
        let headers = parameters(endpoint) { $0 == .header }
        guard !headers.isEmpty else { return nil }
        let lines = headers.map { header -> String in
            let value = formatting.textExpression(header.name.code, parameter: header)
            let append = "headerFields.append(HTTPHeader(\(header.wireName.code), \(value)))"
            return header.type.isOptional ? "if let \(header.name.code) { \(append) }" : append
        }
        return [
            "pattern": .string(pattern(for: endpoint, binding: Set(headers.map(\.name)))),
            "lines": .list(lines.map(MustacheValue.string))
        ]
    }

    /// The statements of one `body` branch. Form fields are one `FormFields.append` call each
    /// (the runtime leaves out `nil`, converts the value, repeats the name for each element of
    /// an array and writes objects field by field, OpenAPI's default form encoding), multipart
    /// parts one `if let` each:
    /// no closure and, for forms, no branch per field, which keeps large forms cheap to compile.
    private func bodyCase(_ endpoint: IR.Endpoint) -> MustacheValue? {
        guard let kind = endpoint.body else { return nil }
        switch kind {
        case .json, .binary:
            guard let body = endpoint.parameters.first(where: { $0.location == .body }) else { return nil }
            let value: String
            if case .binary(let contentType) = kind, body.type == .builtin(.file) {
                value = ".file(\(body.name.code).withDefaultContentType(\(contentType.code)))"
            } else if case .binary(let contentType) = kind, body.type == .builtin(.string) {
                value = "TextBody.requestBody(\(body.name.code), contentType: \(contentType.code))"
            } else if case .binary(let contentType) = kind {
                value = ".data(\(body.name.code), contentType: \(contentType.code))"
            } else {
                value = ".json(\(body.name.code))"
            }
            return statements(pattern(for: endpoint, binding: [body.name]), ["return " + value])
        case .formURLEncoded:
            let fields = parameters(endpoint) { $0 == .formField }
            // A body without fields is an empty literal: a `var` nothing appends to would warn.
            var lines = fields.isEmpty ? [] : ["var formFields = FormFields(dates: \(formatting.datesExpression))"]
            lines += fields.map { appendCall("formFields", $0, dates: nil) }
            lines.append(fields.isEmpty ? "return .formURLEncoded([])" : "return .formURLEncoded(formFields.fields)")
            return statements(pattern(for: endpoint, binding: Set(fields.map(\.name))), lines)
        case .multipart:
            let parts = endpoint.parameters.filter {
                if case .multipartPart = $0.location { return true }
                return false
            }
            let lines =
                parts.isEmpty
                ? ["return .multipart([])"] : multipartLines(parts) + ["return .multipart(multipartParts)"]
            return statements(pattern(for: endpoint, binding: Set(parts.map(\.name))), lines)
        }
    }

    /// The `append` call of one form field, query parameter or cookie on `receiver` (a `FormFields`
    /// or `QueryParameters`; `dates`, the date coding argument the latter needs for structured
    /// values): scalars and arrays of them as they are (arrays repeat the name, or are joined by
    /// `arraySeparator`), untyped form values as text or JSON text, `content` parameters as JSON
    /// text, and objects, maps, unions and `deepObject` arrays (`name[]=a`) field by field in the
    /// parameter's `objectStyle`.
    private func appendCall(_ receiver: String, _ field: IR.Parameter, dates: String?) -> String {
        let type = field.type.nonOptional
        let datesArgument = dates.map { ", dates: " + $0 } ?? ""
        let separator = field.arraySeparator.map { ", joinedBy: " + IR.StringLiteral($0).code } ?? ""
        let arguments: String
        if field.objectStyle == .json {
            arguments = "json: " + field.name.code + (dates == nil ? "" : datesArgument)
        } else if field.objectStyle != .deepObject,
            formatting.isQueryValue(type) || type.arrayElement.map(formatting.isQueryValue) == true
        {
            arguments =
                field.name.code + (type.arrayElement == nil ? "" : separator)
                + (field.allowsReserved && field.location == .query ? ", allowingReserved: true" : "")
        } else if dates == nil, formatting.isUntyped(type) {
            arguments = "json: " + field.name.code
        } else {
            arguments =
                "encoding: " + field.name.code + (field.objectStyle == .deepObject ? ", style: .deepObject" : "")
                + separator + datesArgument
        }
        return "\(receiver).append(\(field.wireName.code), \(arguments))"
    }

    /// The `MultipartPart` for `value` (non-optional, of `type`) of a part: a `FilePart` with its
    /// own file name and content type (the declared one as the default), `Data` and scalars as
    /// bytes, objects, maps, unions and other arrays as JSON (OpenAPI's default for structured parts).
    private func multipartPart(_ part: IR.Parameter, value: String, type: IR.TypeReference) -> String {
        var arguments = ["name: " + part.wireName.code]
        var (filename, contentType): (IR.StringLiteral?, IR.StringLiteral?) = (nil, nil)
        if case .multipartPart(let declaredFilename, let declaredType) = part.location {
            (filename, contentType) = (declaredFilename, declaredType)
        }
        if type == .builtin(.file) {
            arguments.append("file: " + value)
            if let contentType { arguments.append("defaultContentType: " + contentType.code) }
            return "MultipartPart(" + arguments.joined(separator: ", ") + ")"
        }
        if let filename { arguments.append("filename: " + filename.code) }
        if let contentType { arguments.append("contentType: " + contentType.code) }
        if type == .builtin(.data) || formatting.isQueryValue(type) {
            arguments.append("data: " + formatting.dataExpression(value, type: type))
        } else {
            arguments += ["json: " + value, "dates: " + formatting.datesExpression]
        }
        return "MultipartPart(" + arguments.joined(separator: ", ") + ")"
    }

    private func statements(_ pattern: String, _ lines: [String]) -> MustacheValue {
        ["pattern": .string(pattern), "lines": .list(lines.map(MustacheValue.string))]
    }

    /// `var multipartParts: [MultipartPart] = []` and one append per part (`if let` for optional
    /// ones); an array of scalars, files or `Data` is one part per element under the same name
    /// (OpenAPI's default for arrays in multipart bodies).
    private func multipartLines(_ parts: [IR.Parameter]) -> [String] {
        var lines = ["var multipartParts: [MultipartPart] = []"]
        lines.reserveCapacity(parts.count + 1)
        for part in parts {
            let name = part.name.code
            let type = part.type.nonOptional
            let append: String
            if let element = type.arrayElement,
                element == .builtin(.data) || element == .builtin(.file) || formatting.isQueryValue(element)
            {
                append =
                    "for element in \(name) { multipartParts.append(\(multipartPart(part, value: "element", type: element))) }"
            } else {
                append = "multipartParts.append(\(multipartPart(part, value: name, type: type)))"
            }
            lines.append(part.type.isOptional ? "if let \(name) { \(append) }" : append)
        }
        return lines
    }

    private func optionsCase(_ endpoint: IR.Endpoint) -> MustacheValue? {
        let options = endpoint.options
        var arguments: [String] = []
        if let timeout = options.timeout { arguments.append("timeout: " + SourceLayout.number(timeout)) }
        if let retry = options.retry { arguments.append("retry: " + ServiceArguments.retry(retry)) }
        if let cache = options.cache { arguments.append("cache: " + ServiceArguments.cache(cache)) }
        if let auth = ServiceArguments.requirement(options.auth) { arguments.append("auth: " + auth) }
        if options.isIdempotent { arguments.append("isIdempotent: true") }
        if options.isGate { arguments.append("isGate: true") }
        if let lifetime = options.cacheLifetime { arguments.append("cacheLifetime: ." + lifetime.rawValue) }
        if !options.invalidates.isEmpty {
            arguments.append("invalidates: [" + options.invalidates.map(\.code).joined(separator: ", ") + "]")
        }
        if let maxAge = options.gateMaxAge { arguments.append("gateMaxAge: " + SourceLayout.number(maxAge)) }
        if let accept = options.accept { arguments.append("accept: " + accept.code) }
        if !options.usesEnvelope { arguments.append("usesEnvelope: false") }
        guard !arguments.isEmpty else { return nil }
        let pattern = pattern(for: endpoint, binding: [])
        return branch(pattern, SourceLayout.call(head: "EndpointOptions", items: arguments))
    }

    private func errorsCase(_ endpoint: IR.Endpoint) -> MustacheValue? {
        guard !endpoint.errors.isEmpty else { return nil }
        let items = endpoint.errors.map { error in
            let status = error.status.map(String.init) ?? "nil"
            return error.isText ? ".text(status: \(status))" : ".json(\(error.type.code).self, status: \(status))"
        }
        return branch(pattern(for: endpoint, binding: []), "[" + items.joined(separator: ", ") + "]")
    }
}
