import SpecwrightYAML

/// The policy pass: the service defaults and envelope of the config, then for every endpoint its
/// document's own settings (``IR/EndpointSource/settings``, an OpenAPI `x-specwright`) and the
/// config's rules that select it, in order — so a later rule wins. Names are resolved here, the
/// same way for both front ends: a `batch` parameter and `key`, the operations of `invalidates`,
/// and the rules' selectors, which must each name something in the document (a located error
/// otherwise: a policy that silently applies to nothing is a policy lost).
extension PolicyOverlay {
    /// Applies the overlay to `api`; `document` is the API before the filter, which selectors and
    /// `invalidates` are checked against (an operation the filter leaves out is not unknown).
    func apply(to api: IR.API, document: IR.API) -> (api: IR.API, diagnostics: [Diagnostic]) {
        // Nothing to do for most runs (a spec, or a document without `x-specwright`, and no config).
        if isEmpty, !api.groups.contains(where: { $0.endpoints.contains { $0.source.settings != nil } }) {
            return (api, [])
        }
        var diagnostics = unknownSelectorErrors(in: document)
        var result = api
        if let timeout { result.service.timeout = timeout }
        if let retry { result.service.retry = retry }
        if let cache { result.service.cache = cache }
        if let envelope { result.service.envelope = envelope }
        var resolver = SettingsResolver(api: api, document: document)
        var gates: [(name: String, location: SourceLocation?)] = []
        for groupIndex in result.groups.indices {
            for index in result.groups[groupIndex].endpoints.indices {
                var endpoint = result.groups[groupIndex].endpoints[index]
                let selected =
                    (endpoint.source.settings.map { [$0] } ?? [])
                    + rules.filter { $0.selects(endpoint) }.map(\.settings)
                var gateLocation: SourceLocation?
                for settings in selected {
                    resolver.apply(settings, to: &endpoint)
                    if result.service.envelope == nil, let location = settings.envelopeLocation {
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "'envelope: false' of '\(endpoint.operationName.value)' has no effect: the service has no envelope",
                                at: location))
                    }
                    if settings.gate != nil { gateLocation = settings.location }
                }
                if endpoint.options.isGate { gates.append((endpoint.operationName.value, gateLocation)) }
                result.groups[groupIndex].endpoints[index] = endpoint
            }
        }
        diagnostics += resolver.diagnostics
        // Reported at every setting that made a gate (two gates of the front end's own are its error).
        if gates.count > 1 {
            let names = gates.map { "'\($0.name)'" }.joined(separator: ", ")
            for location in gates.compactMap({ $0.location }) {
                diagnostics.append(
                    Diagnostic(.error, "only one endpoint can be the config gate, but \(names) are", at: location))
            }
        }
        return (result, diagnostics)
    }

    /// An error for each selector entry that names no operation, tag or path of `document`.
    private func unknownSelectorErrors(in document: IR.API) -> [Diagnostic] {
        let sources = document.groups.flatMap(\.endpoints).map(\.source)
        let kinds: [(String, KeyPath<Rule, [OperationFilter.Entry]>, [String])] = [
            ("operation", \.operations, sources.flatMap(\.names)), ("tag", \.tags, sources.flatMap(\.tags)),
            ("path", \.paths, sources.map(\.pathTemplate))
        ]
        var diagnostics: [Diagnostic] = []
        for rule in rules {
            for (kind, entries, known) in kinds {
                for entry in rule[keyPath: entries] where !known.contains(entry.value) {
                    let hint = Suggestions.didYouMean(entry.value, in: Array(Set(known)).sorted())
                    diagnostics.append(
                        Diagnostic(
                            .error, "policy \(kind) '\(entry.value)' names no \(kind) of the document\(hint.text)",
                            at: entry.location,
                            suggestion: hint.suggestion))
                }
            }
        }
        return diagnostics
    }
}
