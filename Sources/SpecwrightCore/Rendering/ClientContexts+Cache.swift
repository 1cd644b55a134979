import Mustache

/// The cache forms of a group's reads (`hasCacheableReads`, `cacheableReads` in `Client.swift`):
/// for every GET with a JSON response (batched reads excepted), three methods on the concrete
/// client with the spec's default arguments intact —
/// `name(…, cache:)` (the value, with a `CacheOverride` for this call), `nameResponse(…, cache:)`
/// (an `APIResponse` with status, headers, cache status and age) and `observeName(…)` (live
/// values, `APIClient.observe`). A form whose name another endpoint of the group already uses is
/// left out.
extension ClientContexts {
    func cacheContext(_ group: IR.EndpointGroup) -> [String: MustacheValue] {
        var taken = Set(group.endpoints.map(\.name.name))
        var reads: [MustacheValue] = []
        for endpoint in group.endpoints {
            guard endpoint.method == .get, endpoint.batch == nil, case .json(let type) = endpoint.response else { continue }
            let base = endpoint.name.name
            let capitalized = base.prefix(1).uppercased() + base.dropFirst()
            let responseName = base + "Response", observeName = "observe" + capitalized
            guard !taken.contains(responseName), !taken.contains(observeName),
                !endpoint.parameters.contains(where: { $0.name.name == "cache" })
            else { continue }
            taken.formUnion([responseName, observeName])
            for lines in cacheMethods(endpoint, group: group, type: type.code, responseName: responseName, observeName: observeName) {
                reads.append(["isFirst": .bool(reads.isEmpty), "lines": .list(lines.map(MustacheValue.string))])
            }
        }
        return ["hasCacheableReads": .bool(!reads.isEmpty), "cacheableReads": .list(reads)]
    }

    /// The three methods of one read, each as its lines.
    private func cacheMethods(
        _ endpoint: IR.Endpoint, group: IR.EndpointGroup, type: String, responseName: String, observeName: String
    ) -> [[String]] {
        let parameters = parameterDeclarations(endpoint, withDefaults: true)
        let arguments = forwardedArguments(endpoint)
        let reference = "``" + group.protocolName.name + "/" + Self.symbolName(endpoint) + "``"
        let value = group.enumName.code + "." + endpoint.name.code + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
        var lines = ["/// \(reference) with a cache policy for this call (`.reload`, `.cacheOnly` …)."]
        lines += SourceLayout.wrapped(
            head: access.modifier + "func " + endpoint.name.code, items: parameters + ["cache: CacheOverride"],
            tail: " async throws -> " + type + " {", indent: 4)
        lines += body(SourceLayout.wrapped(head: "try await self." + responseName, items: arguments + ["cache: cache"], tail: ".value", indent: 8))
        lines.append("}")
        var response = ["/// \(reference) with the response's status, headers, cache status and age."]
        response += SourceLayout.wrapped(
            head: access.modifier + "func " + responseName, items: parameters + ["cache: CacheOverride = .endpointDefault"],
            tail: " async throws -> APIResponse<" + type + "> {", indent: 4)
        response += body(SourceLayout.wrapped(
            head: "try await self.client.response", items: [value, "as: " + type + ".self", "cache: cache"], tail: "", indent: 8))
        response.append("}")
        var observe = ["/// Live values of \(reference): the stored copy, then fresh ones (`APIClient.observe`)."]
        observe += SourceLayout.wrapped(
            head: access.modifier + "func " + observeName, items: parameters,
            tail: " -> AsyncThrowingStream<APIResponse<" + type + ">, any Error> {", indent: 4)
        observe += body(SourceLayout.wrapped(head: "self.client.observe", items: [value, "as: " + type + ".self"], tail: "", indent: 8))
        observe.append("}")
        return [lines, response, observe]
    }

    /// Lines of a method body, one level in.
    private func body(_ lines: [String]) -> [String] { lines.map { "    " + $0 } }
}
