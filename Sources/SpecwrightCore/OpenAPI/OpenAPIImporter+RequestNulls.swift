extension IR.API {
    /// Optional, nullable properties (not `required`, but `null` allowed) let the caller choose
    /// between leaving the key out, sending `null` and sending a value (``IR/NilEncoding/chosen``)
    /// only in the types a JSON request body can hold, directly or through other types: that is
    /// where the difference is sent (a `PATCH` clears a field with `null` and keeps it when the
    /// key is absent). Types only ever received keep plain optionals, which read the same.
    func choosingNilOnlyInRequestBodies() -> IR.API {
        let bodies = groups.flatMap(\.endpoints).flatMap { endpoint in
            endpoint.body == .json ? endpoint.parameters.filter { $0.location == .body }.map(\.type) : []
        }
        let sent = typeIDs(reachableFrom: bodies)
        var api = self
        api.types = types.map { declaration in
            guard case .structure(var structure) = declaration, !sent.contains(structure.name.id) else {
                return declaration
            }
            structure.properties = structure.properties.map { property in
                var property = property
                if property.nilEncoding == .chosen { property.nilEncoding = .omitted }
                return property
            }
            return .structure(structure)
        }
        return api
    }
}
