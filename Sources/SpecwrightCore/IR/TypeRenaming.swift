extension IR.API {
    /// This API with each declared type whose identity `identifiers` lists written with that Swift
    /// name: in its declaration and wherever it is used (property, case, alias, parameter,
    /// response, error and header types, `allOf` sources, default and fixed-value expressions).
    /// Types it does not list keep their names. This is how a name chosen after the front end
    /// reaches every use: uses hold the type's identity (``IR/TypeName``), so none is missed.
    func renamingTypes(_ identifiers: [IR.TypeID: IR.Identifier]) -> IR.API {
        guard !identifiers.isEmpty else { return self }
        let renamer = TypeRenamer(identifiers: identifiers)
        var renamed = self
        renamed.types = types.map(renamer.declaration)
        for group in renamed.groups.indices {
            for index in renamed.groups[group].endpoints.indices {
                renamer.rename(&renamed.groups[group].endpoints[index])
            }
        }
        return renamed
    }
}

/// Rewrites the Swift names of types by identity (``IR/API/renamingTypes(_:)``).
private struct TypeRenamer {
    let identifiers: [IR.TypeID: IR.Identifier]

    func name(_ name: IR.TypeName) -> IR.TypeName {
        guard let identifier = identifiers[name.id] else { return name }
        return IR.TypeName(id: name.id, identifier: identifier)
    }

    func reference(_ reference: IR.TypeReference) -> IR.TypeReference {
        switch reference {
        case .builtin: reference
        case .named(let named): .named(name(named))
        case .optional(let wrapped): .optional(self.reference(wrapped))
        case .array(let element): .array(self.reference(element))
        case .dictionary(let value): .dictionary(self.reference(value))
        }
    }

    func expression(_ expression: IR.Expression?) -> IR.Expression? {
        expression?.renamingTypes(name)
    }

    func declaration(_ declaration: IR.TypeDeclaration) -> IR.TypeDeclaration {
        switch declaration {
        case .structure(var structure):
            structure.name = name(structure.name)
            for index in structure.properties.indices {
                var property = structure.properties[index]
                property.type = reference(property.type)
                property.defaultValue = expression(property.defaultValue)
                property.fixedValue = expression(property.fixedValue)
                structure.properties[index] = property
            }
            if let extra = structure.additionalProperties {
                structure.additionalProperties?.valueType = reference(extra.valueType)
            }
            structure.composedOf = structure.composedOf.map(reference)
            structure.nestedTypes = structure.nestedTypes.map(self.declaration)
            return .structure(structure)
        case .stringEnum(var enumeration):
            enumeration.name = name(enumeration.name)
            return .stringEnum(enumeration)
        case .integerEnum(var enumeration):
            enumeration.name = name(enumeration.name)
            return .integerEnum(enumeration)
        case .union(var union):
            union.name = name(union.name)
            for index in union.cases.indices {
                union.cases[index].type = reference(union.cases[index].type)
            }
            return .union(union)
        case .alias(var alias):
            alias.name = name(alias.name)
            alias.type = reference(alias.type)
            return .alias(alias)
        }
    }

    func rename(_ endpoint: inout IR.Endpoint) {
        for index in endpoint.parameters.indices {
            endpoint.parameters[index].type = reference(endpoint.parameters[index].type)
            endpoint.parameters[index].defaultValue = expression(endpoint.parameters[index].defaultValue)
        }
        switch endpoint.response {
        case .json(let type): endpoint.response = .json(reference(type))
        case .stream(let type, let format): endpoint.response = .stream(reference(type), format)
        case .none, .binary, .text: break
        }
        for index in endpoint.errors.indices {
            endpoint.errors[index].type = reference(endpoint.errors[index].type)
        }
        for index in endpoint.responseHeaders.indices {
            endpoint.responseHeaders[index].type = reference(endpoint.responseHeaders[index].type)
        }
    }
}
