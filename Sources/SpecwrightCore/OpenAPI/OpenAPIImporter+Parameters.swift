import SpecwrightYAML

extension OpenAPIImporter {
    /// The lowered parameters of one operation by location.
    struct ParameterLists {
        var path: [IR.Parameter] = []
        var body: [IR.Parameter] = []
        var query: [IR.Parameter] = []
        var header: [IR.Parameter] = []
        /// Raw path parameter name → identifier.
        var pathNames: [String: IR.Identifier] = [:]

        var all: [IR.Parameter] { path + body + query + header }
    }

    /// Path-item and operation parameters (the operation's win by name and location), then any
    /// `{name}` in the path that no parameter declares (as a `String`).
    mutating func lowerParameters(
        _ collected: CollectedOperation, hint: String, scope: inout NameScope, into lists: inout ParameterLists
    ) {
        var merged: [(key: String, parameter: OpenAPI.Parameter)] = []
        var positions: [String: Int] = [:]
        for raw in collected.sharedParameters + collected.operation.parameters {
            guard let parameter = resolved(raw), let name = parameter.name else { continue }
            let key = (parameter.placement ?? "") + " " + name
            if let index = positions[key] {
                merged[index].parameter = parameter
            } else {
                positions[key] = merged.count
                merged.append((key, parameter))
            }
        }
        // A name written exactly as its identifier keeps it, wherever it is declared.
        let pathParameters = Self.pathSegments(collected.path).joined().filter(\.isParameter)
        scope.expect(merged.compactMap(\.parameter.name) + pathParameters.map(\.text))
        for (_, parameter) in merged {
            lowerParameter(parameter, hint: hint, scope: &scope, into: &lists)
        }
        for piece in pathParameters where lists.pathNames[piece.text] == nil {
            let identifier = scope.identifier(for: piece.text, style: .member, fallback: "value")
            warnIfRenamed(scope, "path parameter '\(piece.text)'", at: collected.operation.location)
            lists.pathNames[piece.text] = identifier
            lists.path.append(
                IR.Parameter(
                    name: identifier, wireName: IR.StringLiteral(piece.text), location: .path, type: .builtin(.string)))
        }
    }

    private mutating func lowerParameter(
        _ parameter: OpenAPI.Parameter, hint: String, scope: inout NameScope, into lists: inout ParameterLists
    ) {
        guard let name = parameter.name else { return }
        let location = parameter.placement ?? ""
        if location == "cookie" {
            skip(
                .cookieParameter, "cookie parameter '\(name)' is not sent: cookie parameters are not supported",
                at: parameter.location)
            return
        }
        guard let schema = parameter.schema else {
            skip(
                .parameterStyle, "parameter '\(name)' has no 'schema' (a 'content' parameter); it is not sent",
                at: parameter.location)
            return
        }
        var type = typeReference(schema, hint: hint + " " + name)
        let required = location == "path" || parameter.required == true
        var defaultValue: IR.Expression?
        if isUntyped(type) {
            // A schema that says nothing of its type (`{}`, `{title: Q}`: a framework's `Any`) is
            // written as text in a path, query or header, whatever the value: the caller's text.
            (type, defaultValue) = untypedParameter(schema, required: required)
        } else if !required {
            (type, defaultValue) = omittable(type, schema: schema)
        }
        let style = parameter.style
        var arraySeparator: String?
        switch location {
        case "query":
            let isArray = type.arrayElement != nil
            let delimited = ["spaceDelimited": " ", "pipeDelimited": "|"]
            guard isQueryCompatible(type), style == nil || style == "form" || (isArray && delimited[style ?? ""] != nil)
            else {
                skip(
                    .parameterStyle,
                    "query parameter '\(name)' is not sent: only scalars, enums and arrays of them (styles 'form', 'spaceDelimited', 'pipeDelimited') are supported",
                    at: parameter.location)
                return
            }
            if isArray, let separator = delimited[style ?? ""] {
                arraySeparator = separator
            } else if isArray, parameter.explode == false {
                arraySeparator = ","
            }
        case "header":
            guard isQueryCompatible(type) else {
                skip(
                    .parameterStyle,
                    "header parameter '\(name)' is not sent: only scalars, enums and arrays of them are supported",
                    at: parameter.location)
                return
            }
        case "path":
            if !isQueryCompatible(type, allowArray: false) {
                skip(
                    .parameterStyle,
                    "path parameter '\(name)' has a type that cannot be a path segment; it is generated as 'String'",
                    at: parameter.location)
                type = .builtin(.string)
            }
        default:
            skip(.parameterStyle, "parameter '\(name)' has an unknown location '\(location)'", at: parameter.location)
            return
        }
        let identifier = scope.identifier(for: name, style: .member, fallback: "value")
        warnIfRenamed(scope, "parameter '\(name)'", at: parameter.location)
        let lowered = IR.Parameter(
            name: identifier, wireName: IR.StringLiteral(name),
            location: location == "path" ? .path : location == "query" ? .query : .header,
            type: type, defaultValue: defaultValue,
            documentation: IR.Documentation(parameter.description ?? schema.description),
            arraySeparator: arraySeparator)
        switch location {
        case "path":
            lists.pathNames[name] = identifier
            lists.path.append(lowered)
        case "query": lists.query.append(lowered)
        default: lists.header.append(lowered)
        }
    }

    /// An untyped parameter as `String` (`String?` when optional), its scalar `default` as text.
    private func untypedParameter(_ schema: Schema, required: Bool) -> (IR.TypeReference, IR.Expression?) {
        guard !required else { return (.builtin(.string), nil) }
        guard let scalar = schema.defaultValue?.scalar, scalar.value != .null else {
            return (.optional(.builtin(.string)), nil)
        }
        return (.builtin(.string), IR.Expression(code: IR.StringLiteral(scalar.text).code))
    }

    /// A named type's query compatibility, remembered per name and array allowance.
    struct QueryCompatibilityKey: Hashable {
        let id: IR.TypeID
        let allowArray: Bool
    }

    /// Whether values of `type` can be query items or header values: scalars, enums, arrays of them.
    /// Iterative through aliases, remembered per name, so long alias chains cost their length once.
    mutating func isQueryCompatible(_ type: IR.TypeReference, allowArray: Bool = true) -> Bool {
        var current = type
        var allowArray = allowArray
        var passed: [QueryCompatibilityKey] = []
        var seen: Set<QueryCompatibilityKey> = []
        let result: Bool
        resolution: while true {
            switch current {
            case .builtin(let builtin):
                result = builtin != .data && builtin != .file
                break resolution
            case .optional(let wrapped):
                current = wrapped
            case .array(let element):
                guard allowArray else { result = false; break resolution }
                allowArray = false
                current = element
            case .dictionary:
                result = false
                break resolution
            case .named(let name):
                let key = QueryCompatibilityKey(id: name.id, allowArray: allowArray)
                if let known = declared.queryCompatibility[key] { result = known; break resolution }
                guard seen.insert(key).inserted else { result = false; break resolution }
                passed.append(key)
                switch declared.kinds[name.id] {
                case .stringEnum?, .integerEnum?: result = true; break resolution
                case .alias(let target)?: current = target
                default: result = false; break resolution
                }
            }
        }
        for key in passed { declared.queryCompatibility[key] = result }
        return result
    }
}
