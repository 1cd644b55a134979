import SpecwrightYAML

extension OpenAPIImporter {
    /// A default that is an object of a declared structure (`window: {$ref: Window, default:
    /// {start: 1}}`) as a call of its initializer, `Window(start: 1)`. The structure's final shape
    /// (fixed discriminators, three-state fields) is known only once the import is complete, so
    /// during the import such a default is a placeholder, replaced by
    /// ``resolvingObjectDefaults(in:)``; a value that does not fit (an unknown key, a required
    /// property missing) leaves the property or parameter optional without a default (a required
    /// property stays required).
    mutating func objectDefault(_ value: Node, named name: IR.TypeName) -> IR.Expression? {
        guard value.mapping != nil, isStructure(name) else { return nil }
        guard let structures = declared.finalStructures else {
            declared.pendingObjectDefaults.append((value, name))
            return IR.Expression(pending: declared.pendingObjectDefaults.count - 1)
        }
        guard let structure = structures[name.id], structure.additionalProperties == nil else { return nil }
        let given = Dictionary(value.openAPIEntries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let keys = Set(structure.properties.map(\.jsonKey.value))
        guard given.keys.allSatisfy(keys.contains) else { return nil }
        var arguments: [IR.Expression] = []
        for property in structure.properties where property.fixedValue == nil {
            let chosen = property.nilEncoding == .chosen
            guard let node = given[property.jsonKey.value] else {
                if !property.type.isOptional, property.defaultValue == nil { return nil }
                continue
            }
            let value: IR.Expression
            if node.isNullScalar {
                guard property.type.isOptional else { return nil }
                value = IR.Expression(code: chosen ? ".null" : "nil")
            } else {
                guard let expression = defaultExpression(node, type: property.type.nonOptional) else { return nil }
                value = chosen ? ".value(" + expression + ")" : expression
            }
            arguments.append(ClientContexts.argumentLabel(property.name) + ": " + value)
        }
        return IR.Expression(type: name) + "(" + IR.Expression.joined(arguments, separator: ", ") + ")"
    }

    /// Whether `name` is (or will be) a structure: object defaults apply to those.
    private func isStructure(_ name: IR.TypeName) -> Bool {
        if case .structure? = declared.kinds[name.id] { return true }
        guard declared.kinds[name.id] == nil, let component = components.byTypeID[name.id],
            let schema = components.schemas[component]
        else {
            return false
        }
        return schema.reference == nil && shape(schema) == .structure
    }

    /// `api` with every object default placeholder replaced (see ``objectDefault(_:named:)``).
    mutating func resolvingObjectDefaults(in api: IR.API) -> IR.API {
        guard !declared.pendingObjectDefaults.isEmpty else { return api }
        var structures: [IR.TypeID: IR.Structure] = [:]
        for case .structure(let structure) in api.types { structures[structure.name.id] = structure }
        declared.finalStructures = structures
        var resolved: [IR.Expression?] = []
        for pending in declared.pendingObjectDefaults {
            resolved.append(objectDefault(pending.value, named: pending.name))
        }
        let requiredPending = declared.requiredPendingDefaults
        // A value left without its default is optional, unless it is required (always sent).
        func fix(_ expression: inout IR.Expression?, _ type: inout IR.TypeReference) {
            guard let pending = expression, pending.isPending else { return }
            expression = pending.replacingPending { resolved[$0] }
            let required = pending.pendingIndices.contains(where: requiredPending.contains)
            if expression == nil, !type.isOptional, !required { type = .optional(type) }
        }
        var result = api
        result.types = api.types.map { declaration in
            guard case .structure(var structure) = declaration else { return declaration }
            for index in structure.properties.indices {
                var property = structure.properties[index]
                fix(&property.defaultValue, &property.type)
                if property.defaultValue == nil { property.requiresKey = false }
                structure.properties[index] = property
            }
            return .structure(structure)
        }
        for group in result.groups.indices {
            for endpoint in result.groups[group].endpoints.indices {
                for index in result.groups[group].endpoints[endpoint].parameters.indices {
                    var parameter = result.groups[group].endpoints[endpoint].parameters[index]
                    fix(&parameter.defaultValue, &parameter.type)
                    if parameter.defaultValue == nil { parameter.requiresKey = false }
                    result.groups[group].endpoints[endpoint].parameters[index] = parameter
                }
            }
        }
        return result
    }
}
