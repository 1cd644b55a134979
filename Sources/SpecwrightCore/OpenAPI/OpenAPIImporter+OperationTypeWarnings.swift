import SpecwrightYAML

extension OpenAPIImporter {
    /// Warnings about types that operations declared (inline unions of bodies, responses and
    /// parameters), reported after the operations were lowered: they belong to the endpoints that
    /// use those types (``IR/EndpointSource/diagnostics``), so that a `filter` leaving all of them
    /// out hides them, as it hides what lowering an operation reported.
    struct OperationTypeWarnings {
        /// The types declared while an operation was lowered.
        var declaredByOperations: Set<IR.TypeID> = []
        /// Warnings reported about a type after the operations were lowered, with that type.
        var reported: [(type: IR.TypeID, diagnostic: Diagnostic)] = []
    }

    /// Reports a `schema` warning about the union `union` (its discriminator); remembered for
    /// ``attachingOperationTypeWarnings(to:)``.
    mutating func unionWarning(_ union: IR.TypeID, _ message: DiagnosticText, at location: SourceLocation) {
        let count = diagnostics.diagnostics.count
        skip(.schema, quoting: message, at: location)
        guard diagnostics.diagnostics.count > count, let diagnostic = diagnostics.diagnostics.last else { return }
        operationTypeWarnings.reported.append((union, diagnostic))
    }

    /// `api` with each remembered warning about a type an operation declared attached to every
    /// endpoint that uses the type, directly or through other types (a union written the same way
    /// in several operations is one type). Warnings about component types stay the document's.
    func attachingOperationTypeWarnings(to api: IR.API) -> IR.API {
        let warnings = operationTypeWarnings.reported.filter {
            operationTypeWarnings.declaredByOperations.contains($0.type)
        }
        guard !warnings.isEmpty else { return api }
        var result = api
        for group in result.groups.indices {
            for index in result.groups[group].endpoints.indices {
                let endpoint = result.groups[group].endpoints[index]
                var references = endpoint.parameters.map(\.type) + endpoint.errors.map(\.type)
                if let type = endpoint.response.decodedType { references.append(type) }
                let used = api.typeIDs(reachableFrom: references)
                for warning in warnings where used.contains(warning.type) {
                    result.groups[group].endpoints[index].source.diagnostics.append(warning.diagnostic)
                }
            }
        }
        return result
    }
}
