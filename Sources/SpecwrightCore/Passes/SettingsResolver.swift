import SpecwrightYAML

/// Applies ``OperationSettings`` to an endpoint for the policy pass, resolving what they name in
/// IR terms (so the same check holds for both front ends): a `batch` parameter (its wire or Swift
/// name; an array query parameter of an endpoint that returns an array) and `key` (a required
/// property of the element type, of the ids' type), and the operations of `invalidates`. Each
/// problem is an error at the setting's location.
struct SettingsResolver {
    /// The API the settings are applied to (its types resolve `batch.key`).
    let api: IR.API
    /// `operationName` of every endpoint of the document by each of its names, the filter's
    /// leftovers included (they are known, just not generated).
    private let operationNames: [String: String]
    /// The `operationName`s of the endpoints that are generated.
    private let generated: Set<String>
    /// What went wrong.
    private(set) var diagnostics: [Diagnostic] = []

    init(api: IR.API, document: IR.API) {
        self.api = api
        var names: [String: String] = [:]
        for endpoint in document.groups.flatMap(\.endpoints) {
            for name in endpoint.source.names + [endpoint.operationName.value] where names[name] == nil {
                names[name] = endpoint.operationName.value
            }
        }
        operationNames = names
        generated = Set(api.groups.flatMap(\.endpoints).map(\.operationName.value))
    }

    /// `endpoint` with every setting `settings` gives.
    mutating func apply(_ settings: OperationSettings, to endpoint: inout IR.Endpoint) {
        if let timeout = settings.timeout { endpoint.options.timeout = timeout }
        if let retry = settings.retry { endpoint.options.retry = retry }
        if let cache = settings.cache {
            endpoint.options.cache = cache
            endpoint.options.cacheLifetime = settings.cacheLifetime == .app ? .app : nil
        }
        if let idempotent = settings.idempotent {
            endpoint.options.isIdempotent = idempotent && [.post, .patch].contains(endpoint.method)
        }
        if let gate = settings.gate {
            endpoint.options.isGate = gate
            endpoint.options.gateMaxAge = gate ? settings.gateMaxAge : nil
        }
        if let envelope = settings.envelope { endpoint.options.usesEnvelope = envelope }
        if let batch = settings.batch { endpoint.batch = resolved(batch, of: endpoint) }
        if let invalidates = settings.invalidates {
            endpoint.options.invalidates = invalidates.compactMap { name in
                guard let operation = operationNames[name.value] else {
                    let hint = Suggestions.didYouMean(name.value, in: operationNames.keys.sorted())
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "'invalidates' of '\(endpoint.operationName.value)' names no operation: '\(name.value)'\(hint.text)",
                            at: name.location, suggestion: hint.suggestion))
                    return nil
                }
                return generated.contains(operation) ? IR.StringLiteral(operation) : nil
            }
        }
    }

    private mutating func resolved(_ batch: BatchSetting, of endpoint: IR.Endpoint) -> IR.Batch? {
        let name = batch.parameter.value
        let query = endpoint.parameters.filter { $0.location == .query }
        guard let parameter = query.first(where: { $0.wireName.value == name || $0.name.name == name }) else {
            let hint = Suggestions.didYouMean(name, in: query.map(\.wireName.value))
            return fail(
                "batch parameter '\(name)' is not a query parameter of '\(endpoint.operationName.value)'\(hint.text)",
                at: batch.parameter.location)
        }
        guard let idType = parameter.type.arrayElement else {
            return fail(
                "batch parameter '\(name)' must be an array query parameter, not '\(type: parameter.type)'",
                at: batch.parameter.location)
        }
        guard case .json(let response) = endpoint.response, let element = response.arrayElement else {
            return fail("a batch endpoint must return an array so that the parts can be merged", at: batch.location)
        }
        var key: IR.Identifier?
        if let keyName = batch.key {
            guard case .named(let typeName) = element.nonOptional,
                case .structure(let structure)? = api.types.first(where: { $0.id == typeName.id })
            else {
                return fail("batch 'key' needs a response that is an array of an object type", at: keyName.location)
            }
            let properties = structure.properties
            guard
                let property = properties.first(where: {
                    $0.jsonKey.value == keyName.value || $0.name.name == keyName.value
                })
            else {
                let hint = Suggestions.didYouMean(keyName.value, in: properties.map(\.jsonKey.value))
                return fail(
                    "batch key '\(keyName.value)' is not a property of '\(type: typeName)'\(hint.text)",
                    at: keyName.location)
            }
            guard property.type == idType.nonOptional else {
                return fail(
                    "batch key '\(keyName.value)' has type '\(type: property.type)', but the ids are '\(type: idType)'",
                    at: keyName.location)
            }
            key = property.name
        }
        return IR.Batch(
            parameter: parameter.name, size: batch.size, concurrency: batch.concurrency, timeout: batch.timeout,
            deadline: batch.deadline, partial: batch.partial, key: key)
    }

    private mutating func fail(_ message: DiagnosticText, at location: SourceLocation) -> IR.Batch? {
        diagnostics.append(Diagnostic(.error, quoting: message, at: location))
        return nil
    }
}
