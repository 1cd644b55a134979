import SpecwrightYAML

/// `readOnly` and `writeOnly` properties. OpenAPI: a `readOnly` property is sent by the server and
/// SHOULD NOT be sent in requests, a `writeOnly` one the reverse; `required` applies to the
/// direction the property goes in only. One Swift type serves both directions (a value fetched
/// with GET is sent back with PUT as it is: issue #12 item 7), so a property required in one
/// direction only is optional in a type that also goes the other way: a client creates an object
/// without inventing the server's `id`, and a response that leaves out the `password` decodes. A
/// type that only goes one way keeps the property required (a response-only type's `readOnly` id
/// stays `Int`). A read-only property is never part of a request: the generated field list marks
/// it (`fields.readOnly(…)`) and the runtime leaves it out wherever it encodes a request, so a
/// fetched value is sent back without the server's `id`; a form body has no field for one
/// (`docs/openapi.md`, "readOnly and writeOnly", compares this with other generators).
extension OpenAPIImporter {
    /// The directions a property goes in only.
    struct PropertyDirection: Equatable {
        /// `readOnly: true`: responses only.
        var readOnly = false
        /// `writeOnly: true`: requests only.
        var writeOnly = false

        /// Whether the property goes in one direction only, so `required` holds in that one only.
        var isOneWay: Bool { readOnly || writeOnly }
    }

    /// The direction of a property schema: its own `readOnly`/`writeOnly`, else those of the
    /// component its `$ref` (or its only `allOf` member's `$ref`: `allOf: [$ref: User]`, how 3.0
    /// puts keywords beside a reference) names, through chains of such references.
    func direction(_ schema: Schema) -> PropertyDirection {
        var current = schema
        for _ in 0..<Self.maxReferenceHops {
            if current.readOnly || current.writeOnly {
                return PropertyDirection(readOnly: current.readOnly, writeOnly: current.writeOnly)
            }
            let next = current.reference ?? (current.allOf?.count == 1 ? current.allOf?.first?.reference : nil)
            guard let text = next?.text, let name = componentSchemaName(text), let target = components.schemas[name]
            else { break }
            current = target
        }
        return PropertyDirection()
    }

    /// The doc comment line of a property `required` in one direction only (nil otherwise).
    static func oneWayRequirementNote(_ direction: PropertyDirection, required: Bool) -> String? {
        guard required, direction.isOneWay else { return nil }
        if direction.readOnly && direction.writeOnly { return nil }
        return direction.readOnly ? "Required in responses only." : "Required in requests only."
    }
}

extension IR.API {
    /// The API with each `required` property of `oneWay` (struct → JSON key → direction) made
    /// optional where its type goes the other way too: a `readOnly` one in a type a request
    /// sends (a parameter or a body, directly or through other types), a `writeOnly` one in a
    /// type a response or an error body holds. `nil` is then left out when the value is sent.
    func relaxingOneWayRequirements(_ oneWay: [IR.TypeID: [String: OpenAPIImporter.PropertyDirection]]) -> IR.API {
        guard !oneWay.isEmpty else { return self }
        let endpoints = groups.flatMap(\.endpoints)
        let sent = typeIDs(reachableFrom: endpoints.flatMap { $0.parameters.map(\.type) })
        let received = typeIDs(
            reachableFrom: endpoints.flatMap { endpoint in
                var roots = endpoint.errors.map(\.type)
                switch endpoint.response {
                case .json(let type), .stream(let type, _): roots.append(type)
                case .none, .binary, .text: break
                }
                return roots
            })
        var api = self
        api.types = types.map { declaration in
            guard case .structure(var structure) = declaration, let directions = oneWay[structure.name.id] else {
                return declaration
            }
            for index in structure.properties.indices {
                var property = structure.properties[index]
                guard property.fixedValue == nil, let direction = directions[property.jsonKey.value],
                    direction.readOnly && sent.contains(structure.name.id)
                        || direction.writeOnly && received.contains(structure.name.id)
                else { continue }
                if !property.type.isOptional { property.type = .optional(property.type) }
                property.nilEncoding = .omitted
                // Its default pre-filled a required value; an optional one is `nil` unless set.
                if property.requiresKey { (property.defaultValue, property.requiresKey) = (nil, false) }
                structure.properties[index] = property
            }
            return .structure(structure)
        }
        return api
    }

    /// The API with each `readOnly` property (struct → JSON keys) of a type a request sends
    /// marked ``IR/Property/readOnly``: the runtime leaves it out of requests. Types only
    /// received keep plain fields (nothing of theirs is sent).
    func leavingReadOnlyOutOfRequests(_ readOnly: [IR.TypeID: Set<String>]) -> IR.API {
        guard !readOnly.isEmpty else { return self }
        let sent = typeIDs(reachableFrom: groups.flatMap(\.endpoints).flatMap { $0.parameters.map(\.type) })
        var api = self
        api.types = types.map { declaration in
            guard case .structure(var structure) = declaration, sent.contains(structure.name.id),
                let keys = readOnly[structure.name.id]
            else { return declaration }
            for index in structure.properties.indices
            where structure.properties[index].fixedValue == nil
                && keys.contains(structure.properties[index].jsonKey.value)
            {
                structure.properties[index].readOnly = true
            }
            return .structure(structure)
        }
        return api
    }
}
