import Mustache

/// Builds the template contexts of `Client.swift` (documented in `docs/templates.md`).
struct ClientContexts {
    let access: AccessLevel

    func group(_ group: IR.EndpointGroup) -> [String: MustacheValue] {
        let methods = group.endpoints.enumerated().flatMap { index, endpoint in
            [method(endpoint, group: group, isFirst: index == 0)]
                + transferForms(endpoint, group: group).map { transferMethod(endpoint, group: group, form: $0) }
        }
        // The spec's default arguments for each method, its transfer forms included.
        let defaulted = group.endpoints.filter(hasDefaults).flatMap { endpoint in
            [defaultedMethod(endpoint, group: group)]
                + transferForms(endpoint, group: group).map { defaultedMethod(endpoint, group: group, transfer: $0) }
        }.enumerated().map { index, method in
            MustacheValue.object(method.merging(["isFirst": .bool(index == 0)]) { $1 })
        }
        return [
            "methods": .list(methods),
            "hasDefaults": .bool(!defaulted.isEmpty),
            "defaultedMethods": .list(defaulted)
        ].merging(cacheContext(group)) { _, new in new }.merging(headerFormsContext(group)) { _, new in new }
    }

    // MARK: Signatures

    private func returnClause(_ endpoint: IR.Endpoint) -> String {
        if let types = partialBatchTypes(endpoint) { return " async -> BatchResult<\(types.id), \(types.element)>" }
        return switch endpoint.response {
        case .none: " async throws"
        case .json(let type): " async throws -> " + type.code
        case .binary: " async throws -> Data"
        case .text: " async throws -> String"
        case .stream(let type, .serverSentEvents): " async throws -> ServerSentEventStream<" + type.code + ">"
        case .stream(let type, .jsonLines): " async throws -> JSONLinesStream<" + type.code + ">"
        }
    }

    func parameterDeclarations(_ endpoint: IR.Endpoint, withDefaults: Bool) -> [String] {
        endpoint.parameters.map { parameter in
            var text = parameter.name.code + ": " + parameter.type.code
            if withDefaults {
                if let defaultValue = parameter.defaultValue {
                    text += " = " + defaultValue.code
                } else if parameter.type.isOptional {
                    text += " = nil"
                }
            }
            return text
        }
    }

    private func hasDefaults(_ endpoint: IR.Endpoint) -> Bool {
        endpoint.parameters.contains { $0.defaultValue != nil || $0.type.isOptional }
    }

    func forwardedArguments(_ endpoint: IR.Endpoint) -> [String] {
        endpoint.parameters.map { Self.argumentLabel($0.name) + ": " + $0.name.code }
    }

    /// An argument label at a call site: keywords need no backticks there, except `inout`, `var` and `let`.
    static func argumentLabel(_ name: IR.Identifier) -> String {
        ["inout", "var", "let"].contains(name.name) ? name.code : name.name
    }

    /// `name(label:label:)`: how DocC and Quick Help name a method.
    static func symbolName(_ endpoint: IR.Endpoint) -> String {
        endpoint.name.name + "(" + endpoint.parameters.map { $0.name.name + ":" }.joined() + ")"
    }

    private func docLines(_ endpoint: IR.Endpoint) -> MustacheValue {
        .list(SourceLayout.docLines(endpoint.documentation).map(MustacheValue.string))
    }

    // MARK: Methods

    /// A group method: the protocol requirement, the struct's signature and its body as data:
    /// `call` (the `APIClient` call), and for a batched read `batchCall`, the loader whose
    /// `{ chunk in … }` closure makes `call` once per chunk.
    private func method(_ endpoint: IR.Endpoint, group: IR.EndpointGroup, isFirst: Bool) -> MustacheValue {
        let parameters = parameterDeclarations(endpoint, withDefaults: false)
        let returns = returnClause(endpoint)
        let batch = batchCall(endpoint)
        return [
            "doc": docLines(endpoint),
            "isFirst": .bool(isFirst),
            "name": .string(endpoint.name.code),
            "requirement": .string(
                SourceLayout.call(head: "func " + endpoint.name.code, items: parameters, tail: returns)),
            "signature": .string(
                SourceLayout.call(
                    head: access.modifier + "func " + endpoint.name.code, items: parameters, tail: returns)),
            "isBatch": .bool(batch != nil),
            "batchCall": .string(batch?.call ?? ""),
            "call": .string(
                send(endpoint, group: group, replacing: batch?.parameter, with: "chunk", fullResponse: batch != nil))
        ]
    }

    /// The convenience method with the spec's default arguments. Its `_: DefaultArguments` parameter
    /// (never passed) makes its signature differ from the requirement's, so it
    /// cannot stand in for the requirement in a conforming type: an incomplete fake does not compile.
    /// Its documentation points to the requirement's instead of repeating it.
    /// A transfer form (`transfer`: the download or upload method) takes its own parameters after
    /// the `DefaultArguments` one, so trailing-closure calls still read naturally.
    private func defaultedMethod(
        _ endpoint: IR.Endpoint, group: IR.EndpointGroup, transfer: TransferForm? = nil
    ) -> [String: MustacheValue] {
        let parameters =
            parameterDeclarations(endpoint, withDefaults: true) + ["_: DefaultArguments = .init()"]
            + (transfer?.declarations ?? [])
        let returns = transfer?.returns ?? returnClause(endpoint)
        let call = SourceLayout.call(
            head: (partialBatchTypes(endpoint) == nil ? "try await self." : "await self.") + endpoint.name.code,
            items: forwardedArguments(endpoint) + (transfer?.arguments ?? []))
        let symbol = String(Self.symbolName(endpoint).dropLast()) + (transfer?.labels ?? "") + ")"
        let reference =
            "/// ``" + group.protocolName.name + "/" + symbol + "`` with the spec's default arguments."
        return [
            "doc": .list([.string(reference)]),
            "signature": .string(
                SourceLayout.call(
                    head: access.modifier + "func " + endpoint.name.code, items: parameters, tail: returns)),
            "call": .string(call)
        ]
    }

    /// The id and element types of a batch method in partial-results mode.
    private func partialBatchTypes(_ endpoint: IR.Endpoint) -> (id: String, element: String)? {
        guard let batch = endpoint.batch, batch.partial, case .json(let responseType) = endpoint.response,
            let element = responseType.arrayElement,
            let id = endpoint.parameters.first(where: { $0.name == batch.parameter })?.type.arrayElement
        else { return nil }
        return (id.code, element.code)
    }

    /// The batch loader call of a batched read (`try await self.client.loadBatch(ids, options: …)`)
    /// and the parameter each chunk replaces, or nil for any other endpoint.
    private func batchCall(_ endpoint: IR.Endpoint) -> (call: String, parameter: IR.Identifier)? {
        guard let batch = endpoint.batch, case .json(let responseType) = endpoint.response,
            responseType.arrayElement != nil,
            let parameter = endpoint.parameters.first(where: { $0.name == batch.parameter })
        else { return nil }
        let ids = parameter.type.isOptional ? "\(parameter.name.code) ?? []" : parameter.name.code
        var options = "size: \(batch.size), concurrency: \(batch.concurrency)"
        if let deadline = batch.deadline { options += ", timeout: \(SourceLayout.number(deadline))" }
        if let timeout = batch.timeout { options += ", chunkTimeout: \(SourceLayout.number(timeout))" }
        var arguments = [ids, "options: BatchOptions(\(options))", "operationName: \(endpoint.operationName.code)"]
        if let key = batch.key {
            let policy = endpoint.options.cache.map(ServiceArguments.cache) ?? "nil"
            let lifetime = endpoint.options.cacheLifetime.map { ", lifetime: ." + $0.rawValue } ?? ""
            arguments.append("reuse: BatchReuse(id: { $0.\(key.code) }, policy: \(policy)\(lifetime))")
        }
        let start = batch.partial ? "await self.client.loadBatchPartially" : "try await self.client.loadBatch"
        return (SourceLayout.call(head: start, items: arguments), batch.parameter)
    }

    /// The `APIClient` method a client method calls for `response`.
    private static func clientMethod(_ response: IR.Response) -> String {
        switch response {
        case .none, .json: "send"
        case .binary: "sendData"
        case .text: "sendText"
        case .stream(_, .serverSentEvents): "events"
        case .stream(_, .jsonLines): "jsonLines"
        }
    }

    /// `try await self.client.send(…)`: the endpoint's case and the type to decode; `method`
    /// replaces the `APIClient` method, `trailing` the `as:` argument, `suffix` follows the call.
    func send(
        _ endpoint: IR.Endpoint, group: IR.EndpointGroup, replacing replaced: IR.Identifier? = nil,
        with value: String = "",
        fullResponse: Bool = false, method: String? = nil, trailing: [String]? = nil, suffix: String = ""
    ) -> String {
        let head =
            "try await self.client." + (method ?? (fullResponse ? "response" : Self.clientMethod(endpoint.response)))
        let caseName = group.enumName.code + "." + endpoint.name.code
        let arguments = endpoint.parameters.map { parameter in
            Self.argumentLabel(parameter.name) + ": " + (parameter.name == replaced ? value : parameter.name.code)
        }
        let caseValue = arguments.isEmpty ? caseName : SourceLayout.call(head: caseName, items: arguments)
        let typeArgument = trailing ?? endpoint.response.decodedType.map { ["as: " + $0.code + ".self"] } ?? []
        return SourceLayout.call(head: head, items: [caseValue] + typeArgument, tail: suffix)
    }
}
