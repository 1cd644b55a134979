import SpecwrightYAML

extension OpenAPIImporter {
    /// The headers `response` (an operation's success response) declares, as optional typed
    /// properties of a struct named after the operation (`StampedResponseHeaders`). A header's
    /// type is its `schema` (or the schema of its one `content` entry); without one it is
    /// `String`. `Content-Type` is left out (OpenAPI: such a definition "SHALL be ignored"), and
    /// so is a name repeated in another case.
    mutating func lowerResponseHeaders(
        _ response: OpenAPI.Response, hint: String, group: String, into endpoint: inout IR.Endpoint
    ) {
        var scope = NameScope(reserved: NameScope.reservedParameterNames)
        var headers: [IR.ResponseHeader] = []
        var seen: Set<String> = []
        for (name, value) in response.headers {
            let folded = name.lowercased()
            guard folded != "content-type", seen.insert(folded).inserted, let header = resolved(value) else { continue }
            let schema = header.schema ?? header.content.first?.media.schema
            let type = schema.map { typeReference($0, hint: hint + " " + name).nonOptional } ?? .builtin(.string)
            headers.append(
                IR.ResponseHeader(
                    name: scope.identifier(for: name, style: .member, fallback: "header"),
                    wireName: IR.StringLiteral(name), type: type,
                    documentation: IR.Documentation(header.description)))
        }
        guard !headers.isEmpty else { return }
        let method = endpoint.name.name
        let stem = method.prefix(1).uppercased() + method.dropFirst()
        endpoint.responseHeaders = headers
        endpoint.responseHeadersName = naming.types.name(
            .responseHeaders(group: group, endpoint: method), converting: stem + "ResponseHeaders",
            fallback: "ResponseHeaders")
    }
}
