import Mustache

/// The cache forms of a group's reads (`hasCacheableReads`, `cacheableReads` in `Client.swift`):
/// for every GET with a JSON response (batched reads excepted), three methods on the concrete
/// client with the spec's default arguments intact —
/// `name(…, cache:)` (the value, with a `CacheOverride` for this call), `nameResponse(…, cache:)`
/// (an `APIResponse` with status, headers, cache status and age; a `ResponseWithHeaders` when the
/// operation declares response headers) and `observeName(…)` (live
/// values, `APIClient.observe`). A form whose name another endpoint of the group already uses is
/// left out.
extension ClientContexts {
    /// A read that gets the three cache forms, with the names of its `…Response` and `observe…` forms.
    struct CacheableRead {
        var endpoint: IR.Endpoint
        var type: IR.TypeReference
        var responseName: String
        var observeName: String
    }

    /// The reads of `group` that get cache forms: GETs with a JSON response, not batched, whose
    /// form names no other endpoint of the group uses.
    func cacheableReads(_ group: IR.EndpointGroup) -> [CacheableRead] {
        var taken = Set(group.endpoints.map(\.name.name))
        var reads: [CacheableRead] = []
        for endpoint in group.endpoints {
            guard endpoint.method == .get, endpoint.batch == nil, case .json(let type) = endpoint.response else {
                continue
            }
            let base = endpoint.name.name
            let capitalized = base.prefix(1).uppercased() + base.dropFirst()
            let responseName = base + "Response", observeName = "observe" + capitalized
            guard !taken.contains(responseName), !taken.contains(observeName),
                !endpoint.parameters.contains(where: { $0.name.name == "cache" })
            else { continue }
            taken.formUnion([responseName, observeName])
            reads.append(
                CacheableRead(endpoint: endpoint, type: type, responseName: responseName, observeName: observeName))
        }
        return reads
    }

    func cacheContext(_ group: IR.EndpointGroup) -> [String: MustacheValue] {
        var reads: [MustacheValue] = []
        for read in cacheableReads(group) {
            let methods = cacheMethods(
                read.endpoint, group: group, type: read.type.code, responseName: read.responseName,
                observeName: read.observeName)
            for method in methods {
                reads.append(method.context(isFirst: reads.isEmpty))
            }
        }
        return ["hasCacheableReads": .bool(!reads.isEmpty), "cacheableReads": .list(reads)]
    }

    /// The three methods of one read.
    private func cacheMethods(
        _ endpoint: IR.Endpoint, group: IR.EndpointGroup, type: String, responseName: String, observeName: String
    ) -> [FormMethod] {
        let parameters = parameterDeclarations(endpoint, withDefaults: true)
        let arguments = forwardedArguments(endpoint)
        let reference = "``" + group.protocolName.name + "/" + Self.symbolName(endpoint) + "``"
        let value =
            group.enumName.code + "." + endpoint.name.code
            + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
        let valueForm = FormMethod(
            doc: "/// \(reference) with a cache policy for this call (`.reload`, `.cacheOnly` …).",
            signature: SourceLayout.call(
                head: access.modifier + "func " + endpoint.name.code, items: parameters + ["cache: CacheOverride"],
                tail: " async throws -> " + type),
            statements: [
                SourceLayout.call(
                    head: "try await self.client.send", items: [value, "as: " + type + ".self", "cache: cache"])
            ])
        let response =
            endpoint.responseHeadersName == nil
            ? plainResponseMethod(
                reference: reference, name: responseName, parameters: parameters, value: value, type: type)
            : headersResponseMethod(endpoint, group: group, name: responseName, cacheable: true)
        let observe = FormMethod(
            doc: "/// Live values of \(reference): the stored copy, then fresh ones (`APIClient.observe`).",
            signature: SourceLayout.call(
                head: access.modifier + "func " + observeName, items: parameters,
                tail: " -> AsyncThrowingStream<APIResponse<" + type + ">, any Error>"),
            statements: [SourceLayout.call(head: "self.client.observe", items: [value, "as: " + type + ".self"])])
        return [valueForm] + (response.map { [$0] } ?? []) + [observe]
    }

    private func plainResponseMethod(reference: String, name: String, parameters: [String], value: String, type: String)
        -> FormMethod
    {
        FormMethod(
            doc: "/// \(reference) with the response's status, headers, cache status and age.",
            signature: SourceLayout.call(
                head: access.modifier + "func " + name, items: parameters + ["cache: CacheOverride = .endpointDefault"],
                tail: " async throws -> APIResponse<" + type + ">"),
            statements: [
                SourceLayout.call(
                    head: "try await self.client.response", items: [value, "as: " + type + ".self", "cache: cache"])
            ])
    }
}

/// A method of the cache and header forms as template data (`{isFirst, doc, signature, statements}`):
/// its one-line doc comment, its signature without the brace and its body's statements.
struct FormMethod {
    var doc: String
    var signature: String
    var statements: [String]

    func context(isFirst: Bool) -> MustacheValue {
        [
            "isFirst": .bool(isFirst), "doc": .list([.string(doc)]), "signature": .string(signature),
            "statements": .list(statements.map(MustacheValue.string))
        ]
    }
}
