import SpecwrightYAML

extension OpenAPIImporter {
    /// The lowered parameters of one operation by location.
    struct ParameterLists {
        var path: [IR.Parameter] = []
        var body: [IR.Parameter] = []
        var query: [IR.Parameter] = []
        var header: [IR.Parameter] = []
        var cookie: [IR.Parameter] = []
        /// Raw path parameter name → identifier.
        var pathNames: [String: IR.Identifier] = [:]
        /// OpenAPI 2 `in: formData` parameters, lowered as fields of the form body once it is known
        /// (OpenAPIImporter+FormDataParameters.swift).
        var formData: [OpenAPI.Parameter] = []
        /// The text of each form or multipart field's default, by the field's Swift name.
        var fieldDefaults: [String: String] = [:]

        var all: [IR.Parameter] { path + body + query + header + cookie }
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
        if location == "formData" { return lists.formData.append(parameter) }
        let locations: [String: IR.ParameterLocation] = [
            "path": .path, "query": .query, "header": .header, "cookie": .cookie
        ]
        guard let irLocation = locations[location] else {
            skip(.parameterStyle, "parameter '\(name)' has an unknown location '\(location)'", at: parameter.location)
            return
        }
        let subject = "\(location) parameter '\(name)'"
        guard let (schema, isJSON) = parameterSchema(parameter, subject: subject) else { return }
        var type = schema.map { typeReference($0, hint: hint + " " + name) } ?? jsonValue()
        let required = location == "path" || parameter.required == true
        if irLocation == .path, case .optional(let wrapped) = type {
            // `nullable: true`, `type: [T, "null"]`, an enum listing `null` (FastAPI's `int | None`):
            // a path segment always has a value, so the parameter is its non-null type (an optional
            // one generated `["items", id]` of a `String?`, which does not compile).
            skip(
                .schema, "\(subject) may be null, but a path segment always has a value: sent as its non-null type",
                at: parameter.location)
            type = wrapped
        }
        var defaultValue: IR.Expression?
        if let schema, isUntyped(type), !isJSON {
            // A schema that says nothing of its type (`{}`, `{title: Q}`: a framework's `Any`) is
            // written as text in a path, query or header, whatever the value: the caller's text.
            (type, defaultValue) = untypedParameter(schema, required: required)
        } else if !required {
            (type, defaultValue) = schema.map { omittable(type, schema: $0) } ?? (.optional(type), nil)
        } else if let schema {
            // Required: the default fills the argument only, the value is always sent.
            defaultValue = requiredDefault(type, schema: schema)
        }
        var lowered = IR.Parameter(
            name: IR.Identifier(validated: "value", code: "value"), wireName: IR.StringLiteral(name),
            location: irLocation, type: type, defaultValue: defaultValue,
            documentation: IR.Documentation(parameter.description ?? schema?.description))
        lowered.requiresKey = required && defaultValue != nil
        if isJSON {
            lowered.objectStyle = .json
        } else if !applyStyle(parameter, to: &lowered, subject: subject) {
            return
        }
        if irLocation == .query, let flag = parameter.allowReserved, flag.value == true {
            let type = lowered.type.nonOptional
            if lowered.objectStyle == .form, isQueryCompatible(type.arrayElement ?? type) {
                lowered.allowsReserved = true
            } else {
                skip(
                    .parameterStyle,
                    "\(subject) is sent with its reserved characters percent-encoded: 'allowReserved' is honoured for scalars and arrays of them, not for objects, 'deepObject' or 'content'",
                    at: flag.location)
            }
        }
        lowered.name = scope.identifier(for: name, style: .member, fallback: "value")
        warnIfRenamed(scope, "parameter '\(name)'", at: parameter.location)
        switch irLocation {
        case .path:
            lists.pathNames[name] = lowered.name
            lists.path.append(lowered)
        case .query: lists.query.append(lowered)
        case .cookie: lists.cookie.append(lowered)
        default: lists.header.append(lowered)
        }
    }

    /// Applies the `style` and `explode` of a path, query, header or cookie parameter (not a
    /// `content` one); `false`, with a located warning, when it cannot be sent.
    private mutating func applyStyle(_ parameter: OpenAPI.Parameter, to lowered: inout IR.Parameter, subject: String)
        -> Bool
    {
        let type = lowered.type.nonOptional
        switch lowered.location {
        case .query:
            return applyFormStyle(
                parameter.style, explode: parameter.explode, to: &lowered, subject: subject, at: parameter.location)
        case .cookie:
            if parameter.style == "deepObject" {
                skip(
                    .cookieParameter, "\(subject) is not sent: style 'deepObject' does not apply to a cookie",
                    at: parameter.location)
                return false
            }
            // OAS 3.2's `style: cookie` is `form` with `; ` between repeated pairs: what one
            // `Cookie` header with a pair per element is.
            let style = parameter.style == "cookie" ? "form" : parameter.style
            return applyFormStyle(
                style, explode: parameter.explode, to: &lowered, subject: subject, at: parameter.location)
        case .header:
            // `simple`, the only style of a header: arrays and objects as `a,b` / `a,1,b,2`
            // (`a=1,b=2` with `explode`).
            if !isQueryCompatible(type), !isUntyped(type) {
                lowered.objectStyle = .simple(explode: parameter.explode ?? false)
            }
            return true
        default:
            return applyPathStyle(parameter, to: &lowered, subject: subject)
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
