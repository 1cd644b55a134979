extension IR.API {
    /// This API with only the top-level types its endpoints use — through parameters, responses
    /// and error bodies, directly or through other types — plus the types named in `roots` and
    /// what they use. Order is kept.
    func keepingUsedTypes(plus roots: Set<String>) -> IR.API {
        var references: [IR.TypeReference] = []
        for endpoint in groups.flatMap(\.endpoints) {
            references += endpoint.parameters.map(\.type)
            if let type = endpoint.response.decodedType { references.append(type) }
            references += endpoint.errors.map(\.type)
            references += endpoint.responseHeaders.map(\.type)
        }
        let used = typeNames(reachableFrom: references + roots.map { .named(NameScope.standalone($0)) })
        var pruned = self
        pruned.types = types.filter { used.contains($0.name.name) }
        return pruned
    }

    /// The names of the top-level types `references` use, directly or through other types.
    func typeNames(reachableFrom references: [IR.TypeReference]) -> Set<String> {
        let declarations = Dictionary(types.map { ($0.name.name, $0) }, uniquingKeysWith: { first, _ in first })
        var used: Set<String> = []
        var pending: [String] = []
        func use(_ reference: IR.TypeReference) {
            switch reference {
            case .builtin: break
            case .named(let name):
                if declarations[name.name] != nil, used.insert(name.name).inserted { pending.append(name.name) }
            case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): use(wrapped)
            }
        }
        func use(_ declaration: IR.TypeDeclaration) {
            switch declaration {
            case .structure(let structure):
                structure.properties.forEach { use($0.type) }
                structure.composedOf.forEach(use)
                if let extra = structure.additionalProperties { use(extra.valueType) }
                structure.nestedTypes.forEach(use)
            case .union(let union): union.cases.forEach { use($0.type) }
            case .alias(let alias): use(alias.type)
            case .stringEnum, .integerEnum: break
            }
        }
        references.forEach(use)
        while let name = pending.popLast() {
            if let declaration = declarations[name] { use(declaration) }
        }
        return used
    }
}
