import Mustache

/// Declared response headers, typed (`Client.swift`):
/// - per group, `hasHeaderForms` / `headerForms`: for every operation that declares response
///   headers and is not a cacheable read (whose `…Response` cache form already carries them), a
///   `nameResponse(…)` method returning `ResponseWithHeaders<Value, NameResponseHeaders>` (the
///   `APIResponse`'s properties plus `typedHeaders`), one runtime call
///   (`self.client.response(endpoint, as: Value.self, headers: NameResponseHeaders.self)`): a
///   body that unpacked and repacked the response cost each method copies of both generic types;
/// - at the top level, `hasResponseHeaderTypes` / `responseHeaderTypes`: one struct per distinct
///   header set (optional typed properties, a memberwise `init` for fakes, `init(_ fields:)`
///   reading the fields with `HTTPFields.decode`, conforming to `_DeclaredResponseHeaders`), and a `typealias` for each other operation
///   declaring the same headers, so a set repeated on 165 operations (Twilio's CORS headers) is
///   compiled once.
extension ClientContexts {
    func headerFormsContext(_ group: IR.EndpointGroup) -> [String: MustacheValue] {
        let cached = Set(cacheableReads(group).map(\.endpoint.name))
        var taken = Set(group.endpoints.map(\.name.name)).union(
            cacheableReads(group).flatMap { [$0.responseName, $0.observeName] })
        var forms: [MustacheValue] = []
        for endpoint in group.endpoints
        where endpoint.responseHeadersName != nil && endpoint.batch == nil && !cached.contains(endpoint.name) {
            let name = endpoint.name.name + "Response"
            guard !taken.contains(name) else { continue }
            guard let method = headersResponseMethod(endpoint, group: group, name: name, cacheable: false) else {
                continue
            }
            taken.insert(name)
            forms.append(method.context(isFirst: forms.isEmpty))
        }
        return ["hasHeaderForms": .bool(!forms.isEmpty), "headerForms": .list(forms)]
    }

    /// `nameResponse(…)`: the call's `APIResponse` and its declared headers, typed.
    func headersResponseMethod(_ endpoint: IR.Endpoint, group: IR.EndpointGroup, name: String, cacheable: Bool)
        -> FormMethod?
    {
        guard let headersName = endpoint.responseHeadersName else { return nil }
        let reference = "``" + group.protocolName.name + "/" + Self.symbolName(endpoint) + "``"
        let arguments = forwardedArguments(endpoint)
        let value =
            group.enumName.code + "." + endpoint.name.code
            + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
        let (valueType, call, callArguments): (String, String, [String])
        switch endpoint.response {
        case .json(let type):
            (valueType, call, callArguments) = (type.code, "response", [value, "as: " + type.code + ".self"])
        case .binary: (valueType, call, callArguments) = ("Data", "dataResponse", [value])
        case .text: (valueType, call, callArguments) = ("String", "textResponse", [value])
        case .none: (valueType, call, callArguments) = ("Void", "response", [value])
        case .stream: return nil  // a streamed response has no single value to pair the headers with
        }
        let headers = "headers: " + headersName.code + ".self"
        var parameters = parameterDeclarations(endpoint, withDefaults: true)
        if cacheable { parameters.append("cache: CacheOverride = .endpointDefault") }
        return FormMethod(
            doc: "/// \(reference) with its declared response headers, typed, and the response's metadata.",
            signature: SourceLayout.call(
                head: access.modifier + "func " + name, items: parameters,
                tail: " async throws -> ResponseWithHeaders<" + valueType + ", " + headersName.code + ">"),
            statements: [
                SourceLayout.call(
                    head: "try await self.client." + call,
                    items: callArguments + [headers] + (cacheable ? ["cache: cache"] : []))
            ])
    }

    /// The header structs and aliases of every endpoint, in endpoint order.
    func responseHeaderTypes(_ groups: [IR.EndpointGroup], dates: String) -> [String: MustacheValue] {
        var declared: [[IR.ResponseHeader]: IR.Identifier] = [:]
        var types: [MustacheValue] = []
        for group in groups {
            for endpoint in group.endpoints {
                guard let name = endpoint.responseHeadersName else { continue }
                if case .stream = endpoint.response { continue }  // no `…Response` form reads them
                let reference = "``" + group.protocolName.name + "/" + Self.symbolName(endpoint) + "``"
                let lines: [String]
                if let first = declared[endpoint.responseHeaders] {
                    lines = [
                        "/// The response headers \(reference) declares (the same as ``\(first.name)``).",
                        access.modifier + "typealias " + name.code + " = " + first.code
                    ]
                } else {
                    declared[endpoint.responseHeaders] = name
                    lines = headerStruct(name, headers: endpoint.responseHeaders, reference: reference, dates: dates)
                }
                types.append(["lines": .list(lines.map(MustacheValue.string))])
            }
        }
        return ["hasResponseHeaderTypes": .bool(!types.isEmpty), "responseHeaderTypes": .list(types)]
    }

    private func headerStruct(_ name: IR.Identifier, headers: [IR.ResponseHeader], reference: String, dates: String)
        -> [String]
    {
        var lines = [
            "/// The response headers \(reference) declares, read from its success response.",
            access.modifier + "struct " + name.code + ": Hashable, Sendable, _DeclaredResponseHeaders {"
        ]
        for header in headers {
            let documentation =
                header.documentation.isEmpty
                ? IR.Documentation("`" + header.wireName.value + "`") : header.documentation
            lines += SourceLayout.docLines(documentation).map { "    " + $0 }
            lines.append("    " + access.modifier + "var " + header.name.code + ": " + header.type.code + "?")
        }
        lines += ["", "    /// Creates the headers (for tests and fakes)."]
        lines.append(
            "    "
                + SourceLayout.call(
                    head: access.modifier + "init",
                    items: headers.map { $0.name.code + ": " + $0.type.code + "? = nil" }, tail: " {"))
        lines += headers.map { "        self." + $0.name.name + " = " + $0.name.code }
        lines += [
            "    }", "",
            "    /// Reads the declared headers from `fields`; one that is absent or not of its type is `nil`."
        ]
        lines.append("    " + access.modifier + "init(_ fields: HTTPFields) {")
        for header in headers {
            lines.append(
                "        "
                    + SourceLayout.call(
                        head: "self." + header.name.name + " = fields.decode",
                        items: [header.type.code + ".self", "field: " + header.wireName.code, "dates: " + dates]))
        }
        lines += ["    }", "}"]
        return lines
    }
}
