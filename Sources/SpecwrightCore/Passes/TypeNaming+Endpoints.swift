extension TypeNaming {
    /// The API with the operations' method names decided, and what changed.
    struct EndpointNames {
        var api: IR.API
        /// The `operationName` (as the front end gave it) of every endpoint kept.
        var kept: Set<String> = []
        /// The final name of each kept endpoint whose name changed, by that `operationName`.
        var renamed: [String: IR.Identifier] = [:]
        var withdrawn: [Diagnostic] = []
        var added: [Diagnostic] = []
    }

    /// `api` (after the filter) with the method names decided from `requests`
    /// (``EndpointNameRequests``): each group's scope replayed, in its order, over the endpoints
    /// kept, so a kept operation takes the name it wants once the operation that had taken it is
    /// left out. A renamed endpoint gets its new `operationName` (`group.name`), also where an
    /// `invalidates` names it; a rename warning that no longer holds is withdrawn, a new one
    /// added, and the warnings of operations left out are withdrawn.
    static func namingEndpoints(in api: IR.API, requests: EndpointNameRequests) -> EndpointNames {
        var result = EndpointNames(api: api)
        result.kept = Set(api.groups.flatMap(\.endpoints).map(\.operationName.value))
        let suffix = " [\(ImportWarningKind.naming.rawValue)]"
        func diagnostic(_ message: String?, _ request: EndpointNameRequests.Request) -> Diagnostic? {
            message.map { Diagnostic(.warning, $0 + suffix, at: request.location) }
        }
        for requested in requests.scopes {
            var scope = NameScope(reserved: requested.reserved)
            for request in requested.requests {
                let before = diagnostic(request.provisionalWarning, request)
                guard result.kept.contains(request.operationName) else {
                    if let before { result.withdrawn.append(before) }
                    continue
                }
                let (name, warning) = EndpointNameRequests.name(
                    raw: request.raw, idiomatic: request.idiomatic, in: &scope)
                if name != request.provisional { result.renamed[request.operationName] = name }
                let after = diagnostic(warning, request)
                if before != after {
                    if let before { result.withdrawn.append(before) }
                    if let after { result.added.append(after) }
                }
            }
        }
        guard !result.renamed.isEmpty else { return result }
        var operationNames: [String: IR.StringLiteral] = [:]
        for group in api.groups {
            for endpoint in group.endpoints {
                guard let name = result.renamed[endpoint.operationName.value] else { continue }
                operationNames[endpoint.operationName.value] = IR.StringLiteral(
                    group.propertyName.name + "." + name.name)
            }
        }
        for groupIndex in result.api.groups.indices {
            for index in result.api.groups[groupIndex].endpoints.indices {
                var endpoint = result.api.groups[groupIndex].endpoints[index]
                if let name = result.renamed[endpoint.operationName.value],
                    let operationName = operationNames[endpoint.operationName.value]
                {
                    endpoint.name = name
                    endpoint.operationName = operationName
                }
                endpoint.options.invalidates = endpoint.options.invalidates.map { operationNames[$0.value] ?? $0 }
                result.api.groups[groupIndex].endpoints[index] = endpoint
            }
        }
        return result
    }

    /// The key of `endpoint`'s response-header struct (``TypeNameRequests/Target/responseHeaders``)
    /// once the endpoints are named: its final name when kept, a name no endpoint has when left
    /// out (an operation left out may have the name a kept one now has).
    static func responseHeadersKey(of endpoint: IR.Endpoint, _ names: EndpointNames) -> String {
        let operationName = endpoint.operationName.value
        if let name = names.renamed[operationName] { return name.name }
        return names.kept.contains(operationName) ? endpoint.name.name : endpoint.name.name + " (left out)"
    }

    /// `requests` with the response-header structs of `translated`'s endpoints keyed as
    /// ``responseHeadersKey(of:_:)`` says, a renamed endpoint's spelled after its final name.
    static func retargetingResponseHeaders(
        _ requests: TypeNameRequests, of translated: IR.API, _ names: EndpointNames
    ) -> TypeNameRequests {
        var retargeted: [TypeNameRequests.Target: (target: TypeNameRequests.Target, spelling: String?)] = [:]
        for group in translated.groups {
            let property = group.propertyName.name
            for endpoint in group.endpoints where endpoint.responseHeadersName != nil {
                let key = responseHeadersKey(of: endpoint, names)
                guard key != endpoint.name.name else { continue }
                let renamed = names.renamed[endpoint.operationName.value]
                retargeted[.responseHeaders(group: property, endpoint: endpoint.name.name)] = (
                    .responseHeaders(group: property, endpoint: key),
                    renamed.map { $0.name.prefix(1).uppercased() + $0.name.dropFirst() + "ResponseHeaders" }
                )
            }
        }
        return retargeted.isEmpty ? requests : requests.retargeting(retargeted)
    }
}
